import { Agent, request } from 'node:http';
import { summarizeLatencies, type LoadOptions, type LoadResult } from './load';

/** A paced load's result, with how late the load generator itself handed requests to a socket. */
export interface PacedLoadResult extends LoadResult {
  /**
   * How long after its due time each measured request was sent, by the generator's own clock: over
   * a millisecond or so, this process (busy reading answers, or starved of CPU) is what the
   * latencies measure, not the server.
   */
  sendLagMs: { p50: number; p99: number };
}

/** A paced load: a steady rate, measured after the connections are open and warm. */
export interface PacedLoadOptions extends LoadOptions {
  /** Requests a second over all connections together. */
  requestsPerSecond: number;
  /** Seconds at the same rate before the measured window opens. */
  warmupSeconds: number;
}

const TIMEOUT_MS = 10_000;

/**
 * An open-loop load at a steady rate: request n is due at start + n / rate, whatever the answers
 * before it are doing, on a keep-alive pool of at most `connections` sockets (node:http's Agent,
 * which queues a request until a socket is free). Its latency runs from when it was due to its
 * last byte, so time spent waiting behind a slow answer counts (no coordinated omission).
 *
 * Not autocannon's overallRate, which sends each second's quota as fast as it can and then waits
 * for the next second: bursts of up to `connections` requests at once, whose queue is what its
 * latency would measure. Not wrk either: wrk has no steady rate (wrk2 has, and is not packaged).
 */
export async function runPacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const { paths } = options;
  if (paths.length === 0) throw new Error('runPacedLoad needs at least one path');
  const bodies = options.bodies ?? [];
  const origin = new URL(options.origin);
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const interval = 1000 / options.requestsPerSecond;
  const start = performance.now();
  const windowOpens = start + options.warmupSeconds * 1000;
  const windowCloses = windowOpens + options.durationSeconds * 1000;

  let latencies = new Float64Array(1 << 14);
  let count = 0;
  let lags = new Float64Array(1 << 14);
  let lagCount = 0;
  let non2xx = 0;
  let errors = 0;
  let timeouts = 0;
  let inFlight = 0;
  let sent = 0;

  const record = (dueAt: number, outcome: 'ok' | 'non2xx' | 'error' | 'timeout') => {
    if (dueAt < windowOpens) return;
    if (outcome === 'non2xx') non2xx += 1;
    else if (outcome === 'error') errors += 1;
    else if (outcome === 'timeout') timeouts += 1;
    else {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count] = performance.now() - dueAt;
      count += 1;
    }
  };

  await new Promise<void>((resolve) => {
    let sending = true;
    const finishIfDone = () => {
      if (!sending && inFlight === 0) resolve();
    };
    const send = (n: number, dueAt: number) => {
      if (dueAt >= windowOpens) {
        if (lagCount === lags.length) {
          const grown = new Float64Array(lags.length * 2);
          grown.set(lags);
          lags = grown;
        }
        lags[lagCount] = performance.now() - dueAt;
        lagCount += 1;
      }
      const body = bodies.length > 0 ? bodies[n % bodies.length] : undefined;
      const headers: Record<string, string> = { ...options.headers };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
      }
      inFlight += 1;
      let settled = false;
      const settle = (outcome: 'ok' | 'non2xx' | 'error' | 'timeout') => {
        if (settled) return;
        settled = true;
        record(dueAt, outcome);
        inFlight -= 1;
        finishIfDone();
      };
      const sentRequest = request(
        {
          agent,
          host: origin.hostname,
          port: origin.port,
          path: paths[n % paths.length],
          method: options.method ?? 'GET',
          headers,
          timeout: TIMEOUT_MS,
        },
        (response) => {
          const status = response.statusCode ?? 0;
          response.on('end', () => settle(status >= 200 && status < 300 ? 'ok' : 'non2xx'));
          response.on('error', () => settle('error'));
          response.resume();
        },
      );
      sentRequest.on('timeout', () => {
        settle('timeout');
        sentRequest.destroy();
      });
      sentRequest.on('error', () => settle('error'));
      sentRequest.end(body);
    };
    const tick = () => {
      const now = performance.now();
      for (let dueAt = start + sent * interval; dueAt <= now && dueAt < windowCloses;) {
        send(sent, dueAt);
        sent += 1;
        dueAt = start + sent * interval;
      }
      const nextDue = start + sent * interval;
      if (nextDue >= windowCloses) {
        sending = false;
        finishIfDone();
        return;
      }
      setTimeout(tick, Math.max(0, nextDue - performance.now()));
    };
    tick();
  });
  agent.destroy();

  const measured = count + non2xx + errors + timeouts;
  return {
    requestsPerSecond: measured / options.durationSeconds,
    requests: measured,
    latencyMs: summarizeLatencies(latencies, count),
    sendLagMs: (({ p50, p99 }) => ({ p50, p99 }))(summarizeLatencies(lags, lagCount)),
    non2xx,
    errors,
    timeouts,
    durationSeconds: options.durationSeconds,
  };
}
