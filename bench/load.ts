import autocannon, { type Request, type Result } from 'autocannon';

export interface LoadOptions {
  origin: string;
  /** Request paths (with query), taken in turn, round-robin across all connections. */
  paths: readonly string[];
  /** Sent with every request (a reader's Authorization). */
  headers?: Record<string, string>;
  /** GET unless set (a write scenario's POST). */
  method?: string;
  /** JSON bodies, taken in turn: a write's. */
  bodies?: readonly string[];
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { mean: number; p50: number; p90: number; p95: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  durationSeconds: number;
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Mean, percentiles and max of the first `count` latencies kept (sorted in place). */
export function summarizeLatencies(latencies: Float64Array, count: number): LoadResult['latencyMs'] {
  const sorted = latencies.subarray(0, count).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    mean: count > 0 ? sum / count : Number.NaN,
    p50: percentile(sorted, 0.5),
    p90: percentile(sorted, 0.9),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: count > 0 ? (sorted[count - 1] ?? Number.NaN) : Number.NaN,
  };
}

/**
 * One autocannon run. Latencies are kept exactly from each response (autocannon's own histogram
 * rounds to whole milliseconds, too coarse at 1–3 ms), counting only 2xx answers as autocannon does.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const { paths } = options;
  if (paths.length === 0) throw new Error('runLoad needs at least one path');
  const bodies = options.bodies ?? [];
  let next = 0;
  const request: Request = {
    method: (options.method ?? 'GET') as Request['method'],
    headers: { ...options.headers, ...(bodies.length > 0 ? { 'content-type': 'application/json' } : {}) },
    setupRequest: (req) => {
      const path = paths[next % paths.length];
      const body = bodies.length > 0 ? bodies[next % bodies.length] : undefined;
      next += 1;
      return { ...req, path, ...(body !== undefined ? { body } : {}) };
    },
  };
  let latencies = new Float64Array(1 << 16);
  let count = 0;

  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.origin,
        connections: options.connections,
        duration: options.durationSeconds,
        requests: [request],
        // The default 10 s timeout stays: a stalled server shows up as timeouts, not as a hang.
      },
      (error: unknown, finished: Result) => (error ? reject(toError(error)) : resolve(finished)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode >= 300) return;
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count] = responseTime;
      count += 1;
    });
  });

  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    latencyMs: summarizeLatencies(latencies, count),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationSeconds: result.duration,
  };
}
