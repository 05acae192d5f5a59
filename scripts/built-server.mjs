// Starts the built server (build/server.mjs) on a scratch SQLite database with the welcome posts,
// on a free loopback port, for the build's own checks (report-bundle-size.mjs, lighthouse.mjs).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const buildDir = resolve('build');

function freePort() {
  return new Promise((done, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? done(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once the server answers; `stop()` ends it and removes its data. Throws when it cannot start. */
const START_TIMEOUT_MS = 90_000;

export async function startBuiltServer() {
  if (!existsSync(join(buildDir, 'server.mjs'))) {
    throw new Error('build/server.mjs not found: run the whole `npm run build`.');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-built-'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(buildDir, 'server.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const origin = `http://127.0.0.1:${port}`;
  // A start takes about a second on a quiet machine; a generous bound, since a build or a test run
  // on a machine busy with other work once took more than 20 s, and failing then proves nothing.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the built server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${origin}/api/post/blog/all?limit=1`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the built server did not start within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return { origin, stop };
}

/** The welcome post with the longest content: the heaviest page a fresh instance shows. */
export async function longestWelcomePost(origin) {
  const list = await (await fetch(`${origin}/api/post/blog/all`)).json();
  const post = [...list.response].sort((a, b) => b.content.length - a.content.length)[0];
  if (!post) throw new Error('the welcome posts are missing');
  return `/readblog?${new URLSearchParams({ id: post.id, name: post.author.username })}`;
}
