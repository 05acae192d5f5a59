import { startCpuAccounting } from './cpu';
import { runLoad } from './load';
import type { LoadGenerator } from './options';
import { runWrk } from './wrk';
import type { ServerProcess } from './processes';
import type { ServerMeasurement } from './report';

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  loadGenerator: LoadGenerator;
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
  const stopCpu = startCpuAccounting(server.pid);
  const result = await run({ ...load, durationSeconds: options.durationSeconds });
  const cpu = stopCpu();
  // % of a core ÷ req/s = core-ms per request: robust to a busy machine, unlike req/s.
  const cpuMsPerRequest =
    cpu && result.requestsPerSecond > 0 ? (cpu.server * 10) / result.requestsPerSecond : null;
  return { ...result, rssMb: server.rssMb(), cpu, serverCpuMsPerRequest: cpuMsPerRequest };
}
