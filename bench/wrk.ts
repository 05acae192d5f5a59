import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadOptions, LoadResult } from './load';

/** Whether wrk is installed (Debian: `apt-get install wrk`). */
export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** A Lua string literal: paths, header values and bodies are ASCII, and JSON's escapes are Lua's too. */
const lua = (text: string) => JSON.stringify(text);

/**
 * The script wrk runs in each of its threads: the paths in turn (each thread from its own
 * offset), the headers on every request, a write's bodies in turn, and at the end one line of
 * JSON with the figures (wrk's latencies are in microseconds).
 */
function script(options: LoadOptions): string {
  const bodies = options.bodies ?? [];
  const headers = {
    ...options.headers,
    ...(bodies.length > 0 ? { 'content-type': 'application/json' } : {}),
  };
  return `
local paths = { ${options.paths.map(lua).join(', ')} }
local bodies = { ${bodies.map(lua).join(', ')} }
local method = ${lua(options.method ?? 'GET')}
local headers = { ${Object.entries(headers)
    .map(([name, value]) => `[${lua(name)}] = ${lua(value)}`)
    .join(', ')} }
local next = 0
setup = function(thread) thread:set("offset", math.random(#paths)) end
init = function() next = tonumber(offset) or 0 end
request = function()
  next = next + 1
  local body = nil
  if #bodies > 0 then body = bodies[(next % #bodies) + 1] end
  return wrk.format(method, paths[(next % #paths) + 1], headers, body)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('INKWELL_WRK {"requests":%d,"durationUs":%d,"mean":%f,"p50":%f,"p90":%f,"p95":%f,"p99":%f,"max":%f,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency.mean, latency:percentile(50), latency:percentile(90),
    latency:percentile(95), latency:percentile(99), latency.max, e.status, e.connect, e.read, e.write, e.timeout))
end
`;
}

interface WrkFigures {
  requests: number;
  durationUs: number;
  mean: number;
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  max: number;
  status: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
}

/**
 * One wrk run: a load generator in its own process, written in C, which drives a bare
 * node:http server far harder than autocannon inside the bench's own process can. Two threads,
 * one per core of the machines we run on (never more threads than connections).
 */
export async function runWrk(options: LoadOptions): Promise<LoadResult> {
  if (options.paths.length === 0) throw new Error('runWrk needs at least one path');
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-wrk-'));
  try {
    const file = join(dir, 'paths.lua');
    writeFileSync(file, script(options));
    const threads = Math.min(2, options.connections);
    const args = [
      '-t',
      String(threads),
      '-c',
      String(options.connections),
      '-d',
      `${options.durationSeconds}s`,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', [...args, '--timeout', '10s', '-s', file, options.origin], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve(stdout) : reject(new Error(`wrk exited with ${code}: ${stderr || stdout}`)),
      );
    });
    const line = output.split('\n').find((text) => text.startsWith('INKWELL_WRK '));
    if (!line) throw new Error(`wrk printed no figures:\n${output}`);
    const figures = JSON.parse(line.slice('INKWELL_WRK '.length)) as WrkFigures;
    const ms = (microseconds: number) => microseconds / 1000;
    const seconds = figures.durationUs / 1_000_000;
    return {
      requestsPerSecond: figures.requests / seconds,
      requests: figures.requests,
      latencyMs: {
        mean: ms(figures.mean),
        p50: ms(figures.p50),
        p90: ms(figures.p90),
        p95: ms(figures.p95),
        p99: ms(figures.p99),
        max: ms(figures.max),
      },
      non2xx: figures.status,
      errors: figures.connect + figures.read + figures.write,
      timeouts: figures.timeout,
      durationSeconds: seconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
