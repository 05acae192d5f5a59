import { startCpuAccounting } from './cpu';
import { runLoad } from './load';
import type { ServerProcess } from './processes';
import type { ServerMeasurement } from './report';

export interface MeasureOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** Unmeasured warm-up load (JIT, caches, connection pools), then the measured run and the RSS. */
export async function measure(
  server: ServerProcess,
  paths: readonly string[],
  options: MeasureOptions,
): Promise<ServerMeasurement> {
  const load = { origin: server.origin, paths, connections: options.connections };
  if (options.warmupSeconds > 0) await runLoad({ ...load, durationSeconds: options.warmupSeconds });
  const stopCpu = startCpuAccounting(server.pid);
  const result = await runLoad({ ...load, durationSeconds: options.durationSeconds });
  return { ...result, rssMb: server.rssMb(), cpu: stopCpu() };
}
