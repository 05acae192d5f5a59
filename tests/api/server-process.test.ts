import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
}

const running: Running[] = [];

/**
 * Starts server/server.ts as `npm start` would run it, in its own data folder (or, with
 * `dataSubfolder`, in a folder of it that the server must create itself). `umask` runs it under
 * that file-creation mask, as an operator's shell might.
 */
async function startServer(
  env: Record<string, string> = {},
  options: { dataSubfolder?: string; umask?: string } = {},
): Promise<Running> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-server-'));
  const port = await freePort();
  let output = '';
  const serverEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: options.dataSubfolder ? join(dataDir, options.dataSubfolder) : dataDir,
    DATABASE_URL: '',
    JWT_SECRET: '',
    ...env,
  };
  const command = [process.execPath, '--import', 'tsx', 'server/server.ts'];
  const child = options.umask
    ? spawn('/bin/sh', ['-c', `umask ${options.umask} && exec "$@"`, 'sh', ...command], { env: serverEnv })
    : spawn(command[0] ?? 'node', command.slice(1), { env: serverEnv });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const entry = { child, url, dataDir, output: () => output };
  running.push(entry);
  // Generous: the machine may be busy; a server that fails to start exits, which ends the wait sooner.
  const deadline = Date.now() + 90_000;
  while (!output.includes('Inkwell is serving')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return entry;
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', r));
}

afterEach(async () => {
  for (const entry of running.splice(0)) {
    if (entry.child.exitCode === null) entry.child.kill('SIGKILL');
    await exitOf(entry.child);
    rmSync(entry.dataDir, { recursive: true, force: true });
  }
});

async function withFreshPostgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  const database = await createEmptyPostgresDatabase('inkwell_server');
  try {
    return await use(database.url);
  } finally {
    await database.drop();
  }
}

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the server process', { timeout: 180_000 }, () => {
  it('creates the SQLite file, a private JWT secret and the welcome posts on first start', async () => {
    const server = await startServer();
    expect(statSync(join(server.dataDir, 'inkwell.sqlite')).isFile()).toBe(true);
    expect(statSync(join(server.dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    const response = await fetch(`${server.url}/api/post/blog/all`);
    const body = (await response.json()) as { response: { author: { username: string } }[] };
    expect(body.response.length).toBeGreaterThanOrEqual(3);
    expect(body.response[0]?.author.username).toBe('Inkwell Team');
    // The welcome posts carry topics and are in the search index; the panel reads the release notes.
    const tags = (await (await fetch(`${server.url}/api/tags`)).json()) as { response: unknown[] };
    expect(tags.response).toContainEqual({ name: 'inkwell', label: 'inkwell', postCount: 3 });
    const found = (await (await fetch(`${server.url}/api/search?q=markdown`)).json()) as {
      response: { title: string }[];
    };
    expect(found.response[0]?.title).toBe('Writing in Markdown');
    const panel = (await (await fetch(`${server.url}/api/discover`)).json()) as {
      response: { changelog: { version: string }[] };
    };
    expect(panel.response.changelog.map((release) => release.version)).toContain('0.1.0');
    // The demo author cannot sign in, whatever password is tried.
    const signIn = await fetch(`${server.url}/api/user/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@inkwell.invalid', password: 'password' }),
    });
    expect(signIn.status).toBe(401);
  });

  it('keeps the data folder it creates private, and the database files too, whatever the umask', async () => {
    // umask 000 would leave new files world-writable unless modes are set explicitly.
    const server = await startServer({}, { dataSubfolder: 'data', umask: '000' });
    const dataDir = join(server.dataDir, 'data');
    // A write, so SQLite has surely created its -wal and -shm files.
    const signUp = await fetch(`${server.url}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'Private', email: 'private@example.com', password: 'secret12' }),
    });
    expect(signUp.status).toBe(201);
    expect(modeOf(dataDir)).toBe('700');
    for (const file of ['inkwell.sqlite', 'inkwell.sqlite-wal', 'inkwell.sqlite-shm', 'jwt-secret']) {
      expect(modeOf(join(dataDir, file)), file).toBe('600');
    }
  });

  it.skipIf(!postgresAvailable)(
    'PostgreSQL without JWT_SECRET: instances share one generated secret, so a token works on each',
    async () => {
      await withFreshPostgres(async (url) => {
        // Two instances on one database, each with its own disk, starting together.
        const [first, second] = await Promise.all([
          startServer({ DATABASE_URL: url, SEED_DEMO: '0' }),
          startServer({ DATABASE_URL: url, SEED_DEMO: '0' }),
        ]);
        const signUp = await fetch(`${first?.url}/api/user/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'Roamer', email: 'roamer@example.com', password: 'secret12' }),
        });
        const { jwt } = (await signUp.json()) as { jwt: string };
        const me = await fetch(`${second?.url}/api/user/me`, { headers: { authorization: `Bearer ${jwt}` } });
        expect(me.status).toBe(200);
        // Nothing secret was written to either instance's disk.
        expect(existsSync(join(first?.dataDir ?? '', 'jwt-secret'))).toBe(false);
        // Stop both before the database is dropped.
        for (const server of [first, second]) server?.child.kill('SIGTERM');
        await Promise.all([first, second].map((server) => server && exitOf(server.child)));
      });
    },
  );

  it('refuses to start with a bad configuration, naming each bad variable and what is wrong', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-server-'));
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
        env: { ...process.env, DATA_DIR: dataDir, PORT: 'eighty', HSTS: 'yes', JWT_SECRET: '' },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      expect(await exitOf(child)).toBe(1);
      expect(output).toBe(
        'Inkwell cannot start: its configuration is invalid.\n' +
          '  PORT must be a non-negative integer, not "eighty"\n' +
          '  HSTS must be auto, always or off, not "yes"\n',
      );
      // Nothing was created: the configuration is read before the database is opened.
      expect(existsSync(join(dataDir, 'inkwell.sqlite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts empty with SEED_DEMO=0', async () => {
    const server = await startServer({ SEED_DEMO: '0' });
    const body = (await (await fetch(`${server.url}/api/post/blog/all`)).json()) as { response: unknown[] };
    expect(body.response).toEqual([]);
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    const server = await startServer({ SEED_DEMO: '0' });
    const body = JSON.stringify({ username: 'Late', email: 'late@example.com', password: 'secret12' });
    // Half the body goes out before the signal and half after: the request is surely in flight.
    const request = httpRequest(`${server.url}/api/user/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const status = new Promise<number>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    request.end(body.slice(10));
    expect(await status).toBe(201);
    expect(await exitOf(server.child)).toBe(0);
    expect(server.output()).toContain('shutting down');
  });

  it('writes one structured log line per request', async () => {
    const server = await startServer({ SEED_DEMO: '0' });
    await fetch(`${server.url}/api/user/profile?userId=nobody`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('/api/user/profile'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ method: 'GET', status: 404, msg: 'request' });
  });
});
