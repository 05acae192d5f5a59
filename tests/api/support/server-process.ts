import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './ports';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGTERM, then the exit code (the server finishes in-flight requests first). */
  stop(): Promise<number | null>;
}

export function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', resolve));
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts an Inkwell server as an operator would (`args`: the TypeScript entry through tsx by
 * default, or a built bundle) on a free loopback port, and resolves once /healthz answers.
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** `port`: one the caller chose, when its address must be known first (PUBLIC_URL). */
  options: { args?: string[]; cwd?: string; port?: number } = {},
): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const args = options.args ?? ['--import', 'tsx', 'server/server.ts'];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: '',
      JWT_SECRET: '',
      SEED_DEMO: '0',
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (!(await answers(`${url}/healthz`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exitOf(child);
    },
  };
}

export interface ScriptResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `node <args>` to its end, with the given environment on top of this one. With `atGo`, the
 * script (one that calls scripts/start-signal.ts) loads, says "ready" and waits: `atGo` runs at
 * that moment, and the script goes on at once, so a test can note what happened just before.
 */
export function runNode(
  args: string[],
  env: Record<string, string>,
  options: { atGo?: () => void; cwd?: string } = {},
): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const { atGo, cwd } = options;
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env, ...(atGo ? { MIGRATE_WAIT_FOR_GO: '1' } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (atGo && stderr.includes('ready\n') && child.stdin.writable) {
        atGo();
        child.stdin.end('go\n');
      }
    });
    if (!atGo) child.stdin.end();
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The last line of a script's output, parsed as JSON (backup and restore end with one). */
export function lastJsonLine<T>(stdout: string): T {
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as T;
}
