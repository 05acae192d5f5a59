/**
 * `npm run bench -- --scale`: the list's latency at 10,000 posts and at 1,000,000, under the same
 * load. Keyset pages on an index cost the same whatever the table's size; the target is a ratio
 * of at most 1.25× (issue 3 §4). Writes bench/results/scale.json.
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
  list: ServerMeasurement;
}

async function measureSize(options: BenchOptions, posts: number): Promise<SizeResult & { version: string }> {
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());
  console.log(
    `Seeding ${posts.toLocaleString('en')} posts by ${options.authors} authors (${database.dialect})…`,
  );
  const seed = await seedDatabase(database, { posts, authors: options.authors, sampleSize: 1 });
  console.log(`Seeded in ${(seed.ms / 1000).toFixed(1)} s`);
  const version = await databaseVersion(database);
  const app = await startAppServer(database.url, database.scratchDir, {
    nodeArgs: profilingArgs(options.cpuProfile),
  });
  const stopApp = onCleanup(() => app.stop());
  const list = buildScenarios(seed).find((scenario) => scenario.name === 'list');
  if (!list) throw new Error('no list scenario');
  await recordAnswers(app.origin, [list]);
  console.log(`Loading ${list.description} at ${posts.toLocaleString('en')} posts…`);
  const measured = await measure(app, list.paths, options);
  await stopApp();
  await dropDatabase();
  return { posts, seedSeconds: seed.ms / 1000, list: measured, version };
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
      mean: ratio((result) => result.list.latencyMs.mean),
      p99: ratio((result) => result.list.latencyMs.p99),
      requestsPerSecond: ratio((result) => result.list.requestsPerSecond),
    };
    const pass = ratios.p50 <= MAX_SCALE_RATIO;
    const row = (result: SizeResult) =>
      `${result.posts.toLocaleString('en').padStart(10)} posts: ${result.list.requestsPerSecond.toFixed(0)} req/s,` +
      ` p50 ${result.list.latencyMs.p50.toFixed(2)} ms, mean ${result.list.latencyMs.mean.toFixed(2)} ms,` +
      ` p99 ${result.list.latencyMs.p99.toFixed(2)} ms, RSS ${result.list.rssMb?.toFixed(0) ?? '–'} MB` +
      ` (seeded in ${result.seedSeconds.toFixed(1)} s)`;
    console.log(`\nList latency by table size (${small.version}, ${options.connections} connections):`);
    console.log(row(small));
    console.log(row(large));
    console.log(
      `Ratio ${largeSize.toLocaleString('en')} / ${smallSize.toLocaleString('en')}: p50 ${ratios.p50.toFixed(2)}×,` +
        ` mean ${ratios.mean.toFixed(2)}×, p99 ${ratios.p99.toFixed(2)}× — ${pass ? 'PASS' : 'FAIL'}` +
        ` (target p50 ≤ ${MAX_SCALE_RATIO}×)`,
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
      sizes: [small, large].map(({ posts, seedSeconds, list }) => ({ posts, seedSeconds, list })),
      ratios,
      target: { metric: 'list p50 latency ratio', max: MAX_SCALE_RATIO },
      pass,
    });
    console.log(`\nWrote ${file}`);
  } finally {
    await cleanUp();
  }
}
