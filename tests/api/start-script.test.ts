import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { BUILD_OUTPUTS } from '../../scripts/build-freshness.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from './support/server-process';

/** Saved just now, as an editor would. */
function touch(path: string): void {
  const now = new Date();
  utimesSync(path, now, now);
}

/**
 * scripts/start.mjs in a package of its own whose "build" is a stand-in: it counts its runs and
 * writes outputs that print how they were started. The real freshness check and stamp scripts run.
 */
describe('npm start builds only when needed; npm run serve never builds', { timeout: 120_000 }, () => {
  let root = '';
  const builds = () => Number(readFileSync(join(root, 'builds.txt'), 'utf8'));
  const start = (args: string[] = [], env: Record<string, string> = {}) =>
    runNode([join(root, 'scripts', 'start.mjs'), ...args], env, { cwd: root });

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'inkwell-start-'));
    mkdirSync(join(root, 'scripts'));
    for (const file of ['start.mjs', 'build-freshness.mjs', 'build-stamp.mjs']) {
      cpSync(join('scripts', file), join(root, 'scripts', file));
    }
    mkdirSync(join(root, 'server'));
    writeFileSync(join(root, 'server', 'server.ts'), 'export {};\n');
    mkdirSync(join(root, 'web', 'src'), { recursive: true });
    writeFileSync(join(root, 'web', 'src', 'main.tsx'), 'export {};\n');
    writeFileSync(join(root, 'builds.txt'), '0');
    const output = (name: string) =>
      `console.log(JSON.stringify({ ran: '${name}', args: process.argv.slice(2) }));\n`;
    writeFileSync(
      join(root, 'fake-build.mjs'),
      [
        "import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';",
        "writeFileSync('builds.txt', String(Number(readFileSync('builds.txt', 'utf8')) + 1));",
        // Every output the freshness check expects exists after a build, as after the real one.
        ...BUILD_OUTPUTS.map(
          (path) =>
            `mkdirSync(${JSON.stringify(dirname(path))}, { recursive: true }); writeFileSync(${JSON.stringify(path)}, '');`,
        ),
        ...['server', 'backup', 'restore'].map(
          (name) => `writeFileSync('build/${name}.mjs', ${JSON.stringify(output(name))});`,
        ),
        'if (process.env.FAIL_BUILD) process.exit(1);',
      ].join('\n'),
    );
    writeFileSync(
      join(root, 'package.json'),
      JSON.stringify({
        name: 'start-probe',
        private: true,
        type: 'module',
        scripts: {
          build:
            'node scripts/build-stamp.mjs begin && node fake-build.mjs && node scripts/build-stamp.mjs finish',
        },
      }),
    );
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('serve refuses to start without a build, and says how to make one', async () => {
    const result = await start(['--no-build']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('build/server.mjs does not exist. Build first: npm run build');
    expect(builds()).toBe(0);
  });

  it('start builds when there is no build, then starts it', async () => {
    const result = await start();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Building Inkwell: build/server.mjs does not exist.');
    expect(result.stdout).toContain('{"ran":"server","args":[]}');
    expect(builds()).toBe(1);
  });

  it('start does not build again while nothing changed', async () => {
    const result = await start();
    expect(result.stdout).toContain('"ran":"server"');
    expect(result.stderr).not.toContain('Building');
    expect(builds()).toBe(1);
  });

  it('start builds again after a source changes, naming it', async () => {
    touch(join(root, 'web', 'src', 'main.tsx'));
    const result = await start();
    expect(result.stderr).toContain('Building Inkwell: web/src/main.tsx changed since the last build.');
    expect(builds()).toBe(2);
    expect((await start()).stderr).not.toContain('Building');
    expect(builds()).toBe(2);
  });

  it('a deleted source, a changed VITE_* setting and an interrupted build each ask for a build', async () => {
    // Removing a file moves its folder's time, and nothing else's.
    writeFileSync(join(root, 'server', 'extra.ts'), 'export {};\n');
    rmSync(join(root, 'server', 'extra.ts'));
    expect((await start()).stderr).toContain('Building Inkwell: server changed since the last build.');
    expect(builds()).toBe(3);

    const api = { VITE_API_BASE: 'https://api.example.com' };
    expect((await start([], api)).stderr).toContain('the VITE_* settings differ from the last build');
    expect((await start([], api)).stderr).not.toContain('Building');
    expect(builds()).toBe(4);

    const failed = await start([], { ...api, FAIL_BUILD: '1', VITE_OTHER: 'x' });
    expect(failed.code).toBe(1);
    expect(failed.stdout).not.toContain('"ran"');
    expect((await start([], api)).stderr).toContain(
      'the build has no stamp (it was interrupted or is older)',
    );
    expect(builds()).toBe(6);
  });

  it('serve starts a stale build as it is, saying so; --run passes arguments to backup and restore', async () => {
    touch(join(root, 'web', 'src', 'main.tsx'));
    const served = await start(['--no-build'], { VITE_API_BASE: 'https://api.example.com' });
    expect(served.stderr).toContain('running the build as it is, although web/src/main.tsx changed');
    expect(served.stdout).toContain('"ran":"server"');
    const backup = await start(['--no-build', '--run', 'backup', '--out', 'x.sqlite']);
    expect(backup.stdout).toContain('{"ran":"backup","args":["--out","x.sqlite"]}');
    const restore = await start(['--no-build', '--run', 'restore', 'x.sqlite', '--force']);
    expect(restore.stdout).toContain('{"ran":"restore","args":["x.sqlite","--force"]}');
    expect(builds()).toBe(6);
  });
});
