import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_BUNDLE = fileURLToPath(new URL('../build/server.mjs', import.meta.url));
const SSR_ENTRY = fileURLToPath(new URL('../build/ssr/entry-server.js', import.meta.url));
const VITE = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));
const BASELINE_SCRIPT = fileURLToPath(new URL('./baseline-server.ts', import.meta.url));

/** A server running in its own process, so the load generator never shares its core. */
export interface ServerProcess {
  name: string;
  pid: number;
  origin: string;
  /** Resident set size now, from /proc/<pid>/status (VmRSS), in MB. */
  rssMb(): number | null;
  stop(): Promise<void>;
}

/**
 * Rebuilds build/server.mjs with the product's own build step (esbuild, a second or so), so the
 * bench never measures a bundle that predates the code. `skip` runs whatever bundle is there.
 */
/**
 * Builds what the server runs: the web app (build/web), its server entry for rendering pages
 * (build/ssr) and the server bundle, so the figures are never for older code.
 */
export function buildServerBundle(skip: boolean): void {
  if (skip && existsSync(SERVER_BUNDLE) && existsSync(SSR_ENTRY)) return;
  const steps: [string, string[]][] = [
    [VITE, ['build', '--logLevel', 'warn']],
    [VITE, ['build', '--ssr', '--logLevel', 'warn']],
    ['scripts/build-server.mjs', []],
  ];
  for (const [script, args] of steps) {
    const result = spawnSync(process.execPath, [script, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`building failed: ${script} ${args.join(' ')}`);
  }
}

export function readRssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function wrap(name: string, child: ChildProcess, origin: string): ServerProcess {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  return { name, pid, origin, rssMb: () => readRssMb(pid), stop: () => stopChild(child) };
}

/** One GET on a connection of its own, closed after the answer (no keep-alive socket lingers). */
export function httpGet(url: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return httpRequest(url, { headers });
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  /** The Content-Encoding the server chose (br, gzip), if any; `body` is decoded all the same. */
  contentEncoding: string | null;
  body: string;
}

function decode(body: Buffer, encoding: string | null): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === null || encoding === 'identity') return body;
  throw new Error(`the server answered a Content-Encoding the bench does not read: ${encoding}`);
}

/** One request on a connection of its own; a JSON `body` is sent with its content-type. */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers, connection: 'close' };
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const sent = request(url, { method: options.method ?? 'GET', agent: false, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const contentEncoding = response.headers['content-encoding'] ?? null;
        try {
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            contentEncoding,
            body: decode(Buffer.concat(chunks), contentEncoding).toString('utf8'),
          });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    sent.on('error', reject);
    sent.end(options.body);
  });
}

/** Polls until the server answers any HTTP status, or fails if the process exits first. */
async function waitUntilAnswering(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited (code ${String(child.exitCode)}) before answering`);
    try {
      await httpGet(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * The real product: `node build/server.mjs` on 127.0.0.1, production mode, logging at warn,
 * without demo posts, on the benchmark's database.
 */
export async function startAppServer(
  databaseUrl: string,
  dataDir: string,
  options: { nodeArgs?: string[]; entry?: string; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const args = [...(options.nodeArgs ?? []), options.entry ?? SERVER_BUNDLE];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(child, `${origin}/api/post/blog/all`, 60_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return wrap('inkwell', child, origin);
}

export const PROFILES_DIR = fileURLToPath(new URL('./results/', import.meta.url));

/**
 * Node flags for the server: a V8 CPU profile, written into bench/results when the server stops.
 * Named *.cpuprofile.json so that .gitignore's bench/results/*.json keeps it out of git; Chrome
 * DevTools' Performance panel loads it.
 */
export function profilingArgs(enabled: boolean): string[] {
  if (!enabled) return [];
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return ['--cpu-prof', `--cpu-prof-dir=${PROFILES_DIR}`, `--cpu-prof-name=server-${stamp}.cpuprofile.json`];
}

/** The baseline: a bare node:http server answering the recorded bodies from memory. */
export async function startBaselineServer(routesFile: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', BASELINE_SCRIPT, routesFile], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const stdout = child.stdout;
  if (!stdout) throw new Error('baseline server has no stdout');
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: stdout });
    child.once('exit', (code) => reject(new Error(`baseline server exited (code ${String(code)})`)));
    lines.once('line', (line) => {
      const parsed = JSON.parse(line) as { port?: unknown };
      if (typeof parsed.port === 'number') resolve(parsed.port);
      else reject(new Error(`baseline server said: ${line}`));
    });
  });
  return wrap('baseline', child, `http://127.0.0.1:${port}`);
}
