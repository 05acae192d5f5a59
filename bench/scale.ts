/**
 * `npm run bench -- --scale`: latency at 10,000 posts and at 1,000,000, under the same load, with
 * the response cache off so every request reaches the database. Three reads:
 * - the all-posts list and a topic's page are keyset walks of one index, which cost the same
 *   whatever the table's size: target p50 at 1,000,000 ≤ 1.25 × p50 at 10,000,
 *   judged at the bench's connections (32), with one connection as supporting evidence;
 * - a two-word search ranks its matches, which grow with the table: target p95 ≤ 20 ms at the
 *   larger size, judged at one connection, where latency is the cost of one request
 *   rather than a queue of 32 on two cores.
 * Writes bench/results/scale.json.
 */
import { cleanUp, onCleanup } from './cleanup';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import { describeLoadGenerator, measure } from './measure';
import type { BenchOptions } from './options';
import { buildServerBundle, profilingArgs, startAppServer } from './processes';
import { writeReport, type ServerMeasurement } from './report';
import { buildScenarios, recordAnswers, type Scenario } from './scenarios';
import { seedDatabase } from './seed';

export const MAX_SCALE_RATIO = 1.25;
export const MAX_SEARCH_P95_MS = 20;

const SCALED = ['list', 'topic', 'search'] as const;
type ScaledName = (typeof SCALED)[number];

interface ScenarioAtSize {
  description: string;
  /** At the bench's connections (32). */
  loaded: ServerMeasurement;
  /** At one connection: unqueued latency. */
  single: ServerMeasurement;
}

interface SizeResult {
  posts: number;
  seedSeconds: number;
  version: string;
  scenarios: Record<ScaledName, ScenarioAtSize>;
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
  const scenarios = {} as Record<ScaledName, ScenarioAtSize>;
  for (const name of SCALED) {
    const scenario = buildScenarios(seed).find((candidate): candidate is Scenario => candidate.name === name);
    if (!scenario) throw new Error(`no ${name} scenario`);
    await recordAnswers(app.origin, [scenario]);
    console.log(`Loading ${scenario.description} at ${posts.toLocaleString('en')} posts…`);
    const loaded = await measure(app, scenario.paths, options);
    const single = await measure(app, scenario.paths, { ...options, connections: 1 });
    scenarios[name] = { description: scenario.description, loaded, single };
  }
  await stopApp();
  await dropDatabase();
  return { posts, seedSeconds: seed.ms / 1000, version, scenarios };
}

function describe(result: SizeResult, name: ScaledName): string {
  const { loaded, single } = result.scenarios[name];
  return (
    `  ${name.padEnd(7)}${result.posts.toLocaleString('en').padStart(10)} posts: ${loaded.requestsPerSecond.toFixed(0)} req/s,` +
    ` p50 ${loaded.latencyMs.p50.toFixed(2)} ms, p99 ${loaded.latencyMs.p99.toFixed(2)} ms;` +
    ` 1 connection: p50 ${single.latencyMs.p50.toFixed(2)} ms, p95 ${single.latencyMs.p95.toFixed(2)} ms,` +
    ` p99 ${single.latencyMs.p99.toFixed(2)} ms; RSS ${loaded.rssMb?.toFixed(0) ?? '–'} MB`
  );
}

export async function runScale(options: BenchOptions): Promise<void> {
  buildServerBundle(options.skipBuild);
  const [smallSize, largeSize] = options.scaleSizes;
  try {
    const small = await measureSize(options, smallSize);
    const large = await measureSize(options, largeSize);
    const ratiosOf = (name: ScaledName) => {
      const ratio = (pick: (at: ScenarioAtSize) => number) =>
        pick(large.scenarios[name]) / pick(small.scenarios[name]);
      return {
        p50: ratio((at) => at.loaded.latencyMs.p50),
        p99: ratio((at) => at.loaded.latencyMs.p99),
        requestsPerSecond: ratio((at) => at.loaded.requestsPerSecond),
        singleConnectionP50: ratio((at) => at.single.latencyMs.p50),
        singleConnectionP99: ratio((at) => at.single.latencyMs.p99),
      };
    };
    const ratios = { list: ratiosOf('list'), topic: ratiosOf('topic'), search: ratiosOf('search') };
    const searchP95 = large.scenarios.search.single.latencyMs.p95;
    const targets = [
      {
        target: `list p50 ratio ≤ ${MAX_SCALE_RATIO}×`,
        actual: ratios.list.p50,
        pass: ratios.list.p50 <= MAX_SCALE_RATIO,
      },
      {
        target: `topic p50 ratio ≤ ${MAX_SCALE_RATIO}×`,
        actual: ratios.topic.p50,
        pass: ratios.topic.p50 <= MAX_SCALE_RATIO,
      },
      {
        target: `search p95 at ${largeSize.toLocaleString('en')} posts, 1 connection ≤ ${MAX_SEARCH_P95_MS} ms`,
        actual: searchP95,
        pass: searchP95 <= MAX_SEARCH_P95_MS,
      },
    ];
    const pass = targets.every((check) => check.pass);
    console.log(`\nLatency by table size (${small.version}, ${options.connections} connections):`);
    for (const name of SCALED) {
      console.log(describe(small, name));
      console.log(describe(large, name));
    }
    for (const name of SCALED) {
      const ratio = ratios[name];
      console.log(
        `Ratio ${name} ${largeSize.toLocaleString('en')} / ${smallSize.toLocaleString('en')}: p50 ${ratio.p50.toFixed(2)}×` +
          ` (1 connection: ${ratio.singleConnectionP50.toFixed(2)}×), p99 ${ratio.p99.toFixed(2)}×` +
          ` (1 connection: ${ratio.singleConnectionP99.toFixed(2)}×)`,
      );
    }
    for (const check of targets) {
      console.log(`${check.pass ? 'PASS' : 'FAIL'} ${check.target} (actual ${check.actual.toFixed(2)})`);
    }
    const file = writeReport('scale.json', {
      generatedAt: new Date().toISOString(),
      machine: machineInfo(),
      database: { dialect: options.postgresUrl ? 'postgres' : 'sqlite', version: small.version },
      load: {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        tool: describeLoadGenerator(options.loadGenerator),
      },
      sizes: [small, large],
      ratios,
      targets,
      pass,
    });
    console.log(`\nWrote ${file}`);
  } finally {
    await cleanUp();
  }
}
