import { startCpuAccounting } from './cpu';
import { runLoad } from './load';
import { runPacedLoad, type PacedLoadResult } from './paced';
import type { LoadGenerator } from './options';
import { runWrk } from './wrk';
import type { ServerProcess } from './processes';
import type { ServerMeasurement } from './report';

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  loadGenerator: LoadGenerator;
  /** The server's database is PostgreSQL: its processes' CPU is counted as the database's. */
  postgres?: boolean;
}

/** What the report says loaded the servers. */
export function describeLoadGenerator(generator: LoadGenerator): string {
  return generator === 'wrk'
    ? 'wrk (2 threads, its own process) over 127.0.0.1, servers in child processes'
    : 'autocannon (inside the bench process) over 127.0.0.1, servers in child processes';
}

/** Unmeasured warm-up load (JIT, caches, connection pools), then the measured run and the RSS. */
export async function measure(
  server: ServerProcess,
  paths: readonly string[],
  options: MeasureOptions,
  headers: Record<string, string> = {},
  write?: { method: string; bodies: readonly string[] },
): Promise<ServerMeasurement> {
  const load = {
    origin: server.origin,
    paths,
    headers,
    connections: options.connections,
    ...(write ? { method: write.method, bodies: write.bodies } : {}),
  };
  const run = options.loadGenerator === 'wrk' ? runWrk : runLoad;
  if (options.warmupSeconds > 0) await run({ ...load, durationSeconds: options.warmupSeconds });
  const stopCpu = startCpuAccounting(server.pid, { database: options.postgres ?? true });
  const result = await run({ ...load, durationSeconds: options.durationSeconds });
  const cpu = stopCpu();
  // % of a core ÷ req/s = core-ms per request: robust to a busy machine, unlike req/s.
  const perRequest = (percent: number) =>
    result.requestsPerSecond > 0 ? (percent * 10) / result.requestsPerSecond : null;
  return {
    ...result,
    rssMb: server.rssMb(),
    cpu,
    serverCpuMsPerRequest: cpu ? perRequest(cpu.server) : null,
    databaseCpuMsPerRequest: cpu ? perRequest(cpu.database) : null,
  };
}

/** What a paced run offered and measured. */
export interface PacedMeasurement extends PacedLoadResult {
  offeredPerSecond: number;
}

/** The share of its own capacity at which a scenario's latency is reported. */
export const PACED_SHARE = 0.5;

/**
 * Latency at a load the server carries: PACED_SHARE of the req/s it reached at saturation, offered
 * at a steady rate from this process (bench/paced.ts) on at most the same number of connections,
 * warmed before the measured window.
 */
export async function measurePaced(
  server: ServerProcess,
  paths: readonly string[],
  options: MeasureOptions,
  capacityPerSecond: number,
  headers: Record<string, string> = {},
  write?: { method: string; bodies: readonly string[] },
): Promise<PacedMeasurement> {
  const offeredPerSecond = Math.max(1, Math.round(capacityPerSecond * PACED_SHARE));
  const result = await runPacedLoad({
    origin: server.origin,
    paths,
    headers,
    connections: options.connections,
    ...(write ? { method: write.method, bodies: write.bodies } : {}),
    durationSeconds: options.durationSeconds,
    warmupSeconds: Math.max(1, options.warmupSeconds),
    requestsPerSecond: offeredPerSecond,
  });
  return { ...result, offeredPerSecond };
}
