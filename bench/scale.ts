/**
 * `npm run bench -- --scale`: the list's latency at 10,000 posts and at 1,000,000, under the same
 * load, with the response cache off so every request walks the database. Keyset pages on an index
 * cost the same whatever the table's size; the target is a ratio of at most 1.25× (issue 3 §4),
 * judged on p50 at the bench's connections (32). The same list is also measured with one
 * connection, where latency is the cost of one request rather than a queue, as supporting
 * evidence. Writes bench/results/scale.json.
 */
import { cleanUp, onCleanup } from './cleanup';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import { measure } from './measure';
import type { BenchOptions } from './options';
import { buildServerBundle, profilingArgs, startAppServer } from './processes';
import { writeReport, type ServerMeasurement } from './report';
import { buildScenarios, recordAnswers } from './scenarios';
import { seedDatabase } from './seed';

export const MAX_SCALE_RATIO = 1.25;

interface SizeResult {
  posts: number;
  seedSeconds: number;
  /** At the bench's connections (32). */
  list: ServerMeasurement;
  /** At one connection: unqueued latency. */
  listSingle: ServerMeasurement;
  version: string;
}

async function measureSize(options: BenchOptions, posts: number): Promise<SizeResult> {
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());
  console.log(
    `Seeding ${posts.toLocaleString('en')} posts by ${options.authors} authors (${database.dialect})…`,
  );
  const seed = await seedDatabase(database, { posts, authors: options.authors, sampleSize: 1 });
  console.log(`Seeded in ${(seed.ms / 1000).toFixed(1)} s`);
  const version = await databaseVersion(database);
  // The response cache would answer both sizes from memory alike; the question is the query's cost.
  const app = await startAppServer(database.url, database.scratchDir, {
    nodeArgs: profilingArgs(options.cpuProfile),
    env: { RESPONSE_CACHE_TTL_MS: '0' },
  });
  const stopApp = onCleanup(() => app.stop());
  const list = buildScenarios(seed).find((scenario) => scenario.name === 'list');
  if (!list) throw new Error('no list scenario');
  await recordAnswers(app.origin, [list]);
  console.log(`Loading ${list.description} at ${posts.toLocaleString('en')} posts…`);
  const measured = await measure(app, list.paths, options);
  const single = await measure(app, list.paths, { ...options, connections: 1 });
  await stopApp();
  await dropDatabase();
  return { posts, seedSeconds: seed.ms / 1000, list: measured, listSingle: single, version };
}

function describe(result: SizeResult): string {
  const { list, listSingle } = result;
  return (
    `${result.posts.toLocaleString('en').padStart(10)} posts: ${list.requestsPerSecond.toFixed(0)} req/s,` +
    ` p50 ${list.latencyMs.p50.toFixed(2)} ms, p99 ${list.latencyMs.p99.toFixed(2)} ms;` +
    ` 1 connection: p50 ${listSingle.latencyMs.p50.toFixed(2)} ms, p99 ${listSingle.latencyMs.p99.toFixed(2)} ms;` +
    ` RSS ${list.rssMb?.toFixed(0) ?? '–'} MB (seeded in ${result.seedSeconds.toFixed(1)} s)`
  );
}

export async function runScale(options: BenchOptions): Promise<void> {
  buildServerBundle(options.skipBuild);
  const [smallSize, largeSize] = options.scaleSizes;
  try {
    const small = await measureSize(options, smallSize);
    const large = await measureSize(options, largeSize);
    const ratio = (pick: (result: SizeResult) => number) => pick(large) / pick(small);
    const ratios = {
      p50: ratio((result) => result.list.latencyMs.p50),
      p99: ratio((result) => result.list.latencyMs.p99),
      requestsPerSecond: ratio((result) => result.list.requestsPerSecond),
      singleConnectionP50: ratio((result) => result.listSingle.latencyMs.p50),
      singleConnectionP99: ratio((result) => result.listSingle.latencyMs.p99),
    };
    const pass = ratios.p50 <= MAX_SCALE_RATIO;
    console.log(`\nList latency by table size (${small.version}, ${options.connections} connections):`);
    console.log(describe(small));
    console.log(describe(large));
    console.log(
      `Ratio ${largeSize.toLocaleString('en')} / ${smallSize.toLocaleString('en')}: p50 ${ratios.p50.toFixed(2)}×` +
        ` (1 connection: ${ratios.singleConnectionP50.toFixed(2)}×), p99 ${ratios.p99.toFixed(2)}×` +
        ` (1 connection: ${ratios.singleConnectionP99.toFixed(2)}×) — ${pass ? 'PASS' : 'FAIL'}` +
        ` (target p50 ≤ ${MAX_SCALE_RATIO}× at ${options.connections} connections)`,
    );
    const file = writeReport('scale.json', {
      generatedAt: new Date().toISOString(),
      machine: machineInfo(),
      database: { dialect: options.postgresUrl ? 'postgres' : 'sqlite', version: small.version },
      load: {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
      },
      sizes: [small, large].map(({ posts, seedSeconds, list, listSingle }) => ({
        posts,
        seedSeconds,
        list,
        listSingle,
      })),
      ratios,
      target: {
        metric: `list p50 latency ratio at ${options.connections} connections`,
        max: MAX_SCALE_RATIO,
      },
      pass,
    });
    console.log(`\nWrote ${file}`);
  } finally {
    await cleanUp();
  }
}
