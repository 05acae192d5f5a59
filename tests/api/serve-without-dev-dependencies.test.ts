import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode, startServerProcess, type ServerProcess } from './support/server-process';

const ROOT = resolve('.');

interface LockedPackage {
  dev?: boolean;
}

/**
 * node_modules as `npm ci --omit=dev` would leave it: only packages the lockfile does not mark as
 * dev, each a link to the installed copy. A bundle that imports a dev dependency fails here.
 */
function productionNodeModules(into: string): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockedPackage>;
  };
  const linked: string[] = [];
  for (const [path, info] of Object.entries(lock.packages)) {
    if (!/^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) || info.dev) continue;
    const installed = join(ROOT, path);
    if (!existsSync(installed)) continue; // an optional package for another platform
    mkdirSync(dirname(join(into, path)), { recursive: true });
    symlinkSync(installed, join(into, path), 'dir');
    linked.push(path.slice('node_modules/'.length));
  }
  return linked;
}

describe(
  'the server bundle without dev dependencies (npm ci --omit=dev && npm run serve)',
  { timeout: 180_000 },
  () => {
    let dir = '';
    let server: ServerProcess | undefined;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'inkwell-serve-'));
    });
    afterAll(async () => {
      await server?.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it('bundles, then serves, signs up (argon2) and backs up (better-sqlite3) with production packages only', async () => {
      const build = await runNode(['scripts/build-server.mjs', '--outdir', join(dir, 'build')], {});
      expect(build.code, build.stderr).toBe(0);
      cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
      const linked = productionNodeModules(dir);
      expect(linked).toContain('fastify');
      expect(linked).not.toContain('tsx');
      expect(linked).not.toContain('vite');

      const env = { DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'warn' };
      server = await startServerProcess(env, { args: [join(dir, 'build', 'server.mjs')], cwd: dir });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const signUp = await fetch(`${server.url}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'Lean', email: 'lean@example.com', password: 'secret12' }),
      });
      expect(signUp.status).toBe(201);

      const backup = await runNode(
        [join(dir, 'build', 'backup.mjs'), '--out', join(dir, 'copy.sqlite')],
        env,
        {
          cwd: dir,
        },
      );
      expect(backup.code, backup.stderr).toBe(0);
    });

    it('the build fails, naming the import, when server code imports a dev dependency', async () => {
      const build = await runNode(
        [
          'scripts/build-server.mjs',
          '--outdir',
          join(dir, 'bad-build'),
          '--entry',
          'probe=tests/api/fixtures/imports-a-dev-dependency.ts',
        ],
        {},
      );
      expect(build.code).toBe(1);
      expect(build.stderr).toContain('not production dependencies');
      expect(build.stderr).toMatch(/probe\.mjs imports "fast-check"/);
    });
  },
);
