import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * A start (migrating a new SQLite file, loading the bundle) takes 2–5 s on two idle cores; beside
 * another worker's browser and builds it has taken more than 30. Under the 60 s a test (and a
 * beforeAll hook) may take; a server that exits is seen at once.
 */
const START_LIMIT_MS = 50_000;

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_LIMIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/post/blog/all?limit=1`);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server at ${url} did not start within ${START_LIMIT_MS / 1000} s`);
}

export interface RunningServer {
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * The built server (build/server.mjs) on a free port, with its own SQLite file. `env` may be made
 * from the port, for a setting that names the server's own address (PUBLIC_URL).
 */
export async function startBuiltServer(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-e2e-'));
  const port = await freePort();
  const extra = typeof env === 'function' ? env(port) : env;
  const child = spawn(process.execPath, ['build/server.mjs'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      // Browser tests sign in often from one address; the API suite covers the real limits.
      RATE_SIGNIN_PER_IP: '100000',
      RATE_SIGNUP_PER_IP: '100000',
      RATE_COMMENTS_PER_USER: '100000',
      RATE_MENTIONS_PER_USER: '100000',
      RATE_POSTS_PER_USER: '100000',
      RATE_FOLLOWS_PER_USER: '100000',
      RATE_FAVORITES_PER_USER: '100000',
      // An operator no test signs up as: otherwise whichever file signs up first would be the
      // operator (the first-account rule) and see an Admin link the others do not expect.
      ADMIN_EMAILS: 'operator@inkwell-e2e.invalid',
      ...extra,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForServer(baseURL, child);
  return {
    baseURL,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
