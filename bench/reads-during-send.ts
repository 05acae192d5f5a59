import { runPacedLoad } from './paced';

/**
 * Page reads measured beside a newsletter's send (`npm run bench -- --newsletter`): readers should
 * not feel a send (the target: within 20% of the same reads without it). The same paced load before the post is
 * published and while its emails go out, cached (the response cache's hits) and uncached (the same
 * pages asked with a reader's token, which the cache never keeps), so the two can be compared.
 */

/** Requests a second: a load the server carries with room to spare, so latency is the code's. */
const CACHED_RATE = 400;
const UNCACHED_RATE = 100;
const WARMUP_SECONDS = 2;
const MEASURED_SECONDS = 8;

/** Latencies in ms; `generatorLagP99`: how late this process sent its requests (paced.ts). */
interface PacedFigures {
  p50: number;
  p99: number;
  failed: number;
  generatorLagP99: number;
}

export interface ReadFigures {
  cached: PacedFigures;
  uncached: PacedFigures;
}

const rounded = (ms: number) => Math.round(ms * 100) / 100;

/** One cached and one uncached run over `pages`, in that order. */
export async function measurePageReads(
  origin: string,
  pages: readonly string[],
  readerToken: string,
): Promise<ReadFigures> {
  const run = async (rate: number, headers: Record<string, string>) => {
    const result = await runPacedLoad({
      origin,
      paths: pages,
      headers: { 'accept-encoding': 'gzip, deflate, br', ...headers },
      connections: 8,
      durationSeconds: MEASURED_SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      requestsPerSecond: rate,
    });
    return {
      p50: rounded(result.latencyMs.p50),
      p99: rounded(result.latencyMs.p99),
      failed: result.non2xx + result.errors + result.timeouts,
      generatorLagP99: rounded(result.sendLagMs.p99),
    };
  };
  return {
    cached: await run(CACHED_RATE, {}),
    uncached: await run(UNCACHED_RATE, { authorization: `Bearer ${readerToken}` }),
  };
}

/** Seconds one measurePageReads takes, for the bench to check the send outlasted it. */
export const PAGE_READS_SECONDS = 2 * (WARMUP_SECONDS + MEASURED_SECONDS);

/** Whether `during` is within 20% of `before` (the target), p50 and p99, with nothing failed. */
export function withinTwentyPercent(before: ReadFigures['cached'], during: ReadFigures['cached']): boolean {
  return during.failed === 0 && during.p50 <= before.p50 * 1.2 && during.p99 <= before.p99 * 1.2;
}

export function describeReads(label: string, figures: ReadFigures): string {
  const one = (name: string, f: ReadFigures['cached'], rate: number) =>
    `${name} at ${rate}/s p50 ${f.p50} ms, p99 ${f.p99} ms${f.failed ? `, ${f.failed} failed` : ''} (sent up to ${f.generatorLagP99} ms late, p99)`;
  return `  page reads ${label}: ${one('cached', figures.cached, CACHED_RATE)}; ${one('uncached', figures.uncached, UNCACHED_RATE)}`;
}
