/**
 * `npm run bench`: the posts API and the pages under load, against a bare baseline. Seeds a fresh database, starts the real server (node
 * build/server.mjs) and a bare node:http baseline as child processes, loads both with wrk (or autocannon)
 * over loopback, prints the table and writes bench/results/latest.json.
 * `npm run bench -- --scale` runs the scaling check instead (bench/scale.ts), `--sitemap` times
 * the sitemaps (bench/sitemap.ts), `--stats` first-party stats under load (bench/stats.ts).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanUp, cleanUpOnSignals, onCleanup } from './cleanup';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import { describeLoadGenerator, measure, measurePaced } from './measure';
import { parseOptions, type BenchOptions } from './options';
import {
  PROFILES_DIR,
  buildServerBundle,
  profilingArgs,
  startAppServer,
  startBaselineServer,
} from './processes';
import {
  checkMemory,
  checkTargets,
  cpuMultipleOf,
  formatReport,
  writeReport,
  type BenchReport,
  type ScenarioReport,
} from './report';
import { runScale } from './scale';
import { signUpBenchReader } from './reader';
import { averageBodyBytes, buildScenarios, recordAnswers, requestHeaders } from './scenarios';
import { seedDatabase } from './seed';
import { runNewsletter } from './newsletter';
import { runSitemap } from './sitemap';
import { runStats } from './stats';

const SAMPLE_SIZE = 200;

/**
 * The write scenarios are one account writing thousands of times a second; the per-user limits
 * that stop a person doing that would answer 429s instead of measuring the writes.
 */
const LIFTED_WRITE_LIMITS = {
  RATE_POSTS_PER_USER: '100000000',
  RATE_COMMENTS_PER_USER: '100000000',
  RATE_FAVORITES_PER_USER: '100000000',
};

async function runScenarios(options: BenchOptions): Promise<void> {
  buildServerBundle(options.skipBuild);
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());

  console.log(
    `Seeding ${options.posts.toLocaleString('en')} posts by ${options.authors} authors (${database.dialect})…`,
  );
  const seed = await seedDatabase(database, {
    posts: options.posts,
    authors: options.authors,
    sampleSize: SAMPLE_SIZE,
  });
  const seedSeconds = seed.ms / 1000;
  console.log(
    `Seeded in ${seedSeconds.toFixed(1)} s (${Math.round(options.posts / seedSeconds).toLocaleString('en')} posts/s)`,
  );
  const version = await databaseVersion(database);

  const app = await startAppServer(database.url, database.scratchDir, {
    nodeArgs: profilingArgs(options.cpuProfile),
    env: { ...LIFTED_WRITE_LIMITS, ...(options.noCache ? { RESPONSE_CACHE_TTL_MS: '0' } : {}) },
  });
  const stopApp = onCleanup(() => app.stop());
  const readerToken = await signUpBenchReader(app.origin, seed);
  const scenarios = buildScenarios(seed, readerToken).filter(
    (scenario) => options.only === undefined || options.only.includes(scenario.name),
  );
  if (scenarios.length === 0) throw new Error(`--only names no scenario: ${String(options.only)}`);
  const routes = await recordAnswers(app.origin, scenarios);
  const routesFile = join(database.scratchDir, 'baseline-routes.json');
  writeFileSync(routesFile, JSON.stringify(routes));
  const baseline = await startBaselineServer(routesFile);
  const stopBaseline = onCleanup(() => baseline.stop());

  const load = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    loadGenerator: options.loadGenerator,
    postgres: database.dialect === 'postgres',
  };
  const reports: ScenarioReport[] = [];
  for (const scenario of scenarios) {
    console.log(`Loading ${scenario.description}…`);
    const headers = requestHeaders(scenario);
    const inkwell = await measure(app, scenario.paths, load, headers, scenario.write);
    const paced = await measurePaced(
      app,
      scenario.paths,
      load,
      inkwell.requestsPerSecond,
      headers,
      scenario.write,
    );
    const bare = await measure(baseline, scenario.paths, load, headers, scenario.write);
    const ratio = inkwell.requestsPerSecond / bare.requestsPerSecond;
    const cpuMultiple = cpuMultipleOf(inkwell, bare);
    reports.push({
      name: scenario.name,
      description: scenario.description,
      distinctPaths: scenario.paths.length,
      averageBodyBytes: averageBodyBytes(routes, scenario),
      contentEncoding: routes.find((route) => scenario.paths.includes(route.path))?.contentEncoding ?? null,
      inkwell,
      paced,
      baseline: bare,
      ratio,
      cpuMultiple,
      targets: checkTargets(scenario, { inkwell, paced, ratio, cpuMultiple }, !options.noCache),
    });
  }
  await stopBaseline();
  await stopApp();
  await dropDatabase();

  const memory = checkMemory(reports);
  const report: BenchReport = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(),
    database: {
      dialect: database.dialect,
      version,
      posts: seed.posts,
      authors: seed.authors,
      seedSeconds,
    },
    load: {
      ...load,
      tool: describeLoadGenerator(options.loadGenerator),
      responseCache: !options.noCache,
    },
    scenarios: reports,
    memory,
    pass:
      reports.every((scenario) => scenario.targets.every((check) => check.pass)) &&
      (memory.check?.pass ?? true),
  };
  console.log(`\n${formatReport(report)}`);
  // A partial run (--only) never replaces the full figures.
  console.log(`\nWrote ${writeReport(options.only ? 'partial.json' : 'latest.json', report)}`);
  if (options.cpuProfile) console.log(`Server CPU profile in ${PROFILES_DIR} (open in Chrome DevTools)`);
}

async function main(): Promise<void> {
  cleanUpOnSignals();
  const options = parseOptions(process.argv.slice(2), process.env);
  try {
    if (options.scale) await runScale(options);
    else if (options.sitemap) await runSitemap(options);
    else if (options.newsletter) await runNewsletter(options);
    else if (options.stats) await runStats(options);
    else await runScenarios(options);
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
