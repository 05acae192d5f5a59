/**
 * `npm run bench -- --stats [--stats-rate 5000] [--stats-seconds 30]`: first-party stats under load
 * (docs/decisions/0063-first-party-stats.md, 0067). Seeds --posts posts (default 100,000), gives
 * one signed-up writer 1,000 of them with a year of daily figures. The floor first: the events
 * alone for EVENT_COST_SECONDS to the bare baseline (node:http answering 204), and the same to the
 * first server before its pages are loaded, each one's CPU per event counted to the last write
 * (docs/decisions/0093). Then for the server with its response cache and again without it
 * (RESPONSE_CACHE_TTL_MS=0):
 *  1. the read page (`/readblog?id=…`, 200 posts in turn, as a browser asks) loaded with wrk (or
 *     autocannon) alone: its req/s and CPU a request;
 *  2. the same while view events arrive at a steady --stats-rate a second for --stats-seconds
 *     (bench/paced.ts, open loop, each event a different post of all --posts in turn);
 *  3. once the server has flushed: the views added to the database, which must equal the events
 *     it answered 204 (none lost).
 * And the writer's 365-day stats (`GET /api/stats/writer?days=365`, with and without a time zone),
 * timed one request at a time (target under 50 ms). Writes bench/results/stats.json.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../server/db/database';
import { rebuildStatsRollups } from '../server/db/migrations/2026-11-29-0901-stats-scope-rollups';
import { onCleanup } from './cleanup';
import { createBenchDatabase, type BenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import type { RecordedRoute } from './baseline-server';
import { startCpuAccounting, type CpuUse } from './cpu';
import { describeLoadGenerator, measure, type MeasureOptions } from './measure';
import type { BenchOptions } from './options';
import { runPacedLoad } from './paced';
import {
  buildServerBundle,
  httpGet,
  startAppServer,
  startBaselineServer,
  type ServerProcess,
} from './processes';
import { signUpBenchAccount } from './reader';
import { writeReport, type ServerMeasurement } from './report';
import { buildScenarios, requestHeaders } from './scenarios';
import { seedDatabase } from './seed';

/** The writer whose year is timed: this many posts, each with a figure on every day of the year. */
const WRITER_POSTS = 1_000;
const YEAR_DAYS = 365;
/** Hourly rows are kept 30 days (decision 63): the last 30 days have them too, 4 hours a day a post. */
const HOURLY_DAYS = 30;
const HOURS_A_DAY = 4;
const INSERT_ROWS = 1_000;
/** Requests timed one at a time for each stats question, after STATS_WARMUP unmeasured. */
const STATS_REQUESTS = 5;
const STATS_WARMUP = 1;
const STATS_TARGET_MS = 50;
/** Within this share of the page's req/s without events (the "within 10%"). */
const PAGE_SLOWDOWN_LIMIT = 0.1;
/** How long the server may take to write what it was sent (it flushes every 5 s). */
const FLUSH_WAIT_MS = 30_000;
/** Seconds of events alone, to weigh one event against the bare baseline's answer. */
const EVENT_COST_SECONDS = 10;
const USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const DAY_MS = 24 * 60 * 60_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round1 = (value: number) => Math.round(value * 10) / 10;
const loadAverage = () => loadavg().map((value) => Math.round(value * 100) / 100);

async function insertAll<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let first = 0; first < rows.length; first += INSERT_ROWS) {
    await insert(rows.slice(first, first + INSERT_ROWS));
  }
}

/**
 * Gives the writer WRITER_POSTS posts and a year of figures on every one of them: a day row per
 * post per day, its source, device and browser rows, the writer's unique visitors per day, and
 * hourly rows over the last 30 days. A busy writer: every post read every day.
 */
async function seedWriterYear(database: Database, writerId: string): Promise<{ rows: number; ms: number }> {
  const started = performance.now();
  const db = database.db;
  const posts = await db.selectFrom('posts').select('id').orderBy('id').limit(WRITER_POSTS).execute();
  const postIds = posts.map((row) => row.id);
  await db.updateTable('posts').set({ author_id: writerId }).where('id', 'in', postIds).execute();
  const today = Date.now();
  const owner = (postId: string) => ({
    page_kind: 'post' as const,
    page_id: postId,
    author_id: writerId,
    publication_id: writerId,
  });
  let rows = 0;
  for (let back = 0; back < YEAR_DAYS; back += 1) {
    const day = isoDay(today - back * DAY_MS);
    const days = postIds.map((postId, n) => ({
      ...owner(postId),
      day,
      views: 5 + ((n + back) % 40),
      reads: 2 + ((n + back) % 15),
      visitors: 4 + ((n + back) % 30),
    }));
    await insertAll(days, (chunk) => db.insertInto('stats_days').values(chunk).execute());
    const sources = days.flatMap((row, n) => [
      {
        ...owner(row.page_id),
        day,
        dimension: 'source' as const,
        value: n % 3 === 0 ? 'Direct' : 'news.example',
        views: row.views,
        reads: row.reads,
      },
      {
        ...owner(row.page_id),
        day,
        dimension: 'device' as const,
        value: n % 4 === 0 ? 'mobile' : 'desktop',
        views: row.views,
        reads: row.reads,
      },
      {
        ...owner(row.page_id),
        day,
        dimension: 'browser' as const,
        value: n % 5 === 0 ? 'Firefox' : 'Chrome',
        views: row.views,
        reads: row.reads,
      },
    ]);
    await insertAll(sources, (chunk) => db.insertInto('stats_day_sources').values(chunk).execute());
    await db
      .insertInto('stats_scope_visitors')
      .values({ scope: `author:${writerId}`, day, visitors: 10_000 + back })
      .execute();
    rows += days.length + sources.length + 1;
    if (back < HOURLY_DAYS) {
      const hours = postIds.flatMap((postId, n) =>
        Array.from({ length: HOURS_A_DAY }, (_, h) => ({
          ...owner(postId),
          hour: `${day}T${String((n + h * 6) % 24).padStart(2, '0')}`,
          views: 1 + ((n + h) % 10),
          reads: (n + h) % 4,
        })),
      );
      await insertAll(hours, (chunk) => db.insertInto('stats_hours').values(chunk).execute());
      rows += hours.length;
    }
  }
  // Written beside the server, as the years before the rollups were: added up into them as the
  // migration that made them does (decision 74), so reports read what a flush would have written.
  await rebuildStatsRollups(db);
  if (database.dialect === 'postgres') await sql`analyze`.execute(db);
  return { rows, ms: performance.now() - started };
}

/** Views stored over every page: the events counted so far. */
async function storedViews(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom('stats_days')
    .select(sql<number>`cast(coalesce(sum(views), 0) as bigint)`.as('views'))
    .executeTakeFirstOrThrow();
  return Number(row.views);
}

interface Timing {
  path: string;
  p50: number;
  p95: number;
  max: number;
  underTarget: boolean;
}

/** One request at a time: the time a writer waits for the page's data, after a warm-up. */
async function timeStats(app: ServerProcess, token: string, path: string): Promise<Timing> {
  const headers = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  for (let n = 0; n < STATS_WARMUP + STATS_REQUESTS; n += 1) {
    const started = performance.now();
    const answer = await httpGet(`${app.origin}${path}`, headers);
    const ms = performance.now() - started;
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.body}`);
    if (n >= STATS_WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (fraction: number) =>
    times[Math.min(times.length - 1, Math.ceil(fraction * times.length) - 1)] ?? NaN;
  return {
    path,
    p50: round1(at(0.5)),
    p95: round1(at(0.95)),
    max: round1(times.at(-1) ?? NaN),
    underTarget: at(0.95) < STATS_TARGET_MS,
  };
}

/** The CPU one event costs, in ms of one core, by who spent it. */
interface EventCost {
  events: number;
  seconds: number;
  server: number;
  database: number;
  /** This process: bench/paced.ts sending the events and reading the answers. */
  sender: number;
}

const perEvent = (cpu: CpuUse | null, seconds: number, events: number) => (percent: number | undefined) =>
  cpu && events > 0 ? Math.round(((percent ?? 0) * 10 * seconds * 1000) / events) / 1000 : NaN;

/** Events one after another over every post, as a browser sends them. */
function eventBodies(origin: string, postIds: string[]): string[] {
  return postIds.map((id) =>
    JSON.stringify({
      kind: 'post',
      id,
      event: 'view',
      page: `${origin}/readblog?id=${id}`,
      referrer: 'https://news.example/today',
    }),
  );
}

/**
 * Events alone at the bench's rate for EVENT_COST_SECONDS against `server`; its CPU counted from
 * the first event until `settled` says all are written (for Inkwell, its flushes are part of an
 * event's cost). The bare baseline answers the same requests 204 from memory: the floor.
 */
async function eventCost(
  server: ServerProcess,
  options: BenchOptions,
  postIds: string[],
  postgres: boolean,
  settled: () => Promise<void>,
): Promise<EventCost> {
  const stop = startCpuAccounting(server.pid, { database: postgres });
  const started = performance.now();
  const sent = await runPacedLoad({
    origin: server.origin,
    paths: ['/api/stats/event'],
    method: 'POST',
    bodies: eventBodies(server.origin, postIds),
    headers: { 'user-agent': USER_AGENT },
    connections: 32,
    durationSeconds: EVENT_COST_SECONDS,
    warmupSeconds: 0,
    requestsPerSecond: options.statsRate,
  });
  await settled();
  const cpu = stop();
  const seconds = (performance.now() - started) / 1000;
  const cost = perEvent(cpu, seconds, sent.requests);
  return {
    events: sent.requests,
    seconds: round1(seconds),
    server: cost(cpu?.server),
    database: cost(cpu?.database),
    sender: cost(cpu?.loadGenerator),
  };
}

/** The bare node:http server, answering the event endpoint 204 and nothing else. */
async function eventFloor(
  database: BenchDatabase,
  options: BenchOptions,
  postIds: string[],
): Promise<EventCost> {
  const file = join(database.scratchDir, 'stats-baseline-routes.json');
  const route: RecordedRoute = {
    method: 'POST',
    path: '/api/stats/event',
    signedIn: false,
    status: 204,
    contentType: 'text/plain',
    body: '',
  };
  writeFileSync(file, JSON.stringify([route]));
  const baseline = await startBaselineServer(file);
  try {
    return await eventCost(baseline, options, postIds, false, async () => undefined);
  } finally {
    await baseline.stop();
  }
}

interface ModeReport {
  responseCache: boolean;
  pagesAlone: ServerMeasurement;
  pagesWithEvents: ServerMeasurement;
  pageRatio: number;
  withinTenPercent: boolean;
  /** Events alone first (the first server only): CPU per event, its flushes included. */
  eventCost: EventCost | undefined;
  events: {
    offeredPerSecond: number;
    sent: number;
    answered204: number;
    failed: number;
    p50Ms: number;
    p99Ms: number;
    viewsStored: number;
    noneLost: boolean;
    flushSeconds: number;
  };
  loadAverage: { before: number[]; after: number[] };
}

async function runMode(
  database: BenchDatabase,
  options: BenchOptions,
  postIds: string[],
  pages: { paths: readonly string[]; headers: Record<string, string> },
  load: MeasureOptions,
  responseCache: boolean,
  sameSecret: { JWT_SECRET: string },
  eachServer: (app: ServerProcess) => Promise<void>,
  weighEvents: boolean,
): Promise<ModeReport> {
  const before = loadAverage();
  const app = await startAppServer(database.url, database.scratchDir, {
    env: { ...sameSecret, ...(responseCache ? {} : { RESPONSE_CACHE_TTL_MS: '0' }) },
  });
  const stopApp = onCleanup(() => app.stop());
  await eachServer(app);
  const reader = openDatabase({ databaseUrl: database.url, dataDir: database.scratchDir });
  try {
    const waitForViews = async (atLeast: number) => {
      const since = performance.now();
      while ((await storedViews(reader)) < atLeast && performance.now() - since < FLUSH_WAIT_MS) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    let cost: EventCost | undefined;
    if (weighEvents) {
      console.log(
        `  ${options.statsRate}/s view events alone for ${EVENT_COST_SECONDS} s, to the last flush…`,
      );
      const before = await storedViews(reader);
      const expected = before + Math.round(options.statsRate * EVENT_COST_SECONDS);
      cost = await eventCost(app, options, postIds, load.postgres ?? false, () => waitForViews(expected));
    }
    console.log(`  read page alone (${responseCache ? 'cached' : 'uncached'})…`);
    const pagesAlone = await measure(app, pages.paths, load, pages.headers);

    const viewsBefore = await storedViews(reader);
    const bodies = eventBodies(app.origin, postIds);
    console.log(
      `  ${options.statsRate}/s view events for ${options.statsSeconds} s, the read page loaded meanwhile…`,
    );
    const events = runPacedLoad({
      origin: app.origin,
      paths: ['/api/stats/event'],
      method: 'POST',
      bodies,
      headers: { 'user-agent': USER_AGENT },
      connections: load.connections,
      durationSeconds: options.statsSeconds,
      warmupSeconds: 0,
      requestsPerSecond: options.statsRate,
    });
    // The page's measured window (warm-up and run) sits inside the events' run.
    const eventsSettle = Math.max(0, options.statsSeconds - load.warmupSeconds - load.durationSeconds) / 2;
    await new Promise((resolve) => setTimeout(resolve, eventsSettle * 1000));
    const pagesWithEvents = await measure(app, pages.paths, load, pages.headers);
    const sent = await events;

    const answered = sent.requests - sent.non2xx - sent.errors - sent.timeouts;
    const flushStarted = performance.now();
    let stored = (await storedViews(reader)) - viewsBefore;
    while (stored < answered && performance.now() - flushStarted < FLUSH_WAIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      stored = (await storedViews(reader)) - viewsBefore;
    }
    const flushSeconds = (performance.now() - flushStarted) / 1000;
    const pageRatio = pagesWithEvents.requestsPerSecond / pagesAlone.requestsPerSecond;
    return {
      responseCache,
      pagesAlone,
      pagesWithEvents,
      pageRatio: Math.round(pageRatio * 1000) / 1000,
      withinTenPercent: pageRatio >= 1 - PAGE_SLOWDOWN_LIMIT,
      eventCost: cost,
      events: {
        offeredPerSecond: options.statsRate,
        sent: sent.requests,
        answered204: answered,
        failed: sent.requests - answered,
        p50Ms: round1(sent.latencyMs.p50),
        p99Ms: round1(sent.latencyMs.p99),
        viewsStored: stored,
        noneLost: stored === sent.requests && answered === sent.requests,
        flushSeconds: round1(flushSeconds),
      },
      loadAverage: { before, after: loadAverage() },
    };
  } finally {
    await reader.close();
    await stopApp();
  }
}

export async function runStats(options: BenchOptions): Promise<void> {
  buildServerBundle(options.skipBuild);
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());
  const version = await databaseVersion(database);
  console.log(`Seeding ${options.posts.toLocaleString('en')} posts (${database.dialect})…`);
  const seed = await seedDatabase(database, {
    posts: options.posts,
    authors: options.authors,
    sampleSize: 200,
  });

  const reader = openDatabase({ databaseUrl: database.url, dataDir: database.scratchDir });
  const postIds = (await reader.db.selectFrom('posts').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  );
  await reader.close();

  const readPage = buildScenarios(seed).find((scenario) => scenario.name === 'read-page');
  if (!readPage) throw new Error('the read-page scenario is missing');
  const pages = { paths: readPage.paths, headers: requestHeaders(readPage) };
  const load: MeasureOptions = {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    warmupSeconds: options.warmupSeconds,
    loadGenerator: options.loadGenerator,
    postgres: database.dialect === 'postgres',
  };

  // The writer signs up on a server of their own; their year is written with no server running,
  // so no measured server meets a write-ahead log of a million rows still to checkpoint.
  // Every server of the run signs with one secret, so the writer's token holds on each.
  const sameSecret = { JWT_SECRET: randomBytes(48).toString('base64url') };
  const signUpServer = await startAppServer(database.url, database.scratchDir, { env: sameSecret });
  const writer = await signUpBenchAccount(signUpServer.origin, 'Bench Stats Writer').finally(() =>
    signUpServer.stop(),
  );
  console.log(`A year of figures on ${WRITER_POSTS} posts of one writer…`);
  const seeding = openDatabase({ databaseUrl: database.url, dataDir: database.scratchDir });
  let writerSeed: { rows: number; ms: number };
  try {
    writerSeed = await seedWriterYear(seeding, writer.id);
  } finally {
    await seeding.close();
  }
  if (database.dialect === 'sqlite') {
    const sqlite = new SqliteDatabase(database.url);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.exec('analyze');
    sqlite.close();
  }

  console.log(
    `The floor: ${options.statsRate}/s view events to the bare baseline for ${EVENT_COST_SECONDS} s…`,
  );
  const floor = await eventFloor(database, options, postIds);
  const timings: Timing[] = [];
  const modes: ModeReport[] = [];
  for (const responseCache of [true, false]) {
    console.log(`Server ${responseCache ? 'with' : 'without'} its response cache:`);
    const weighEvents = modes.length === 0;
    modes.push(
      await runMode(
        database,
        options,
        postIds,
        pages,
        load,
        responseCache,
        sameSecret,
        async (app) => {
          if (timings.length > 0) return;
          // Timed on the first server while it is quiet: the writer waits for this answer.
          for (const path of [
            `/api/stats/writer?days=${YEAR_DAYS}`,
            `/api/stats/writer?days=${YEAR_DAYS}&tz=America%2FLos_Angeles`,
            `/api/stats/writer?days=30&tz=Europe%2FParis`,
          ]) {
            console.log(`  timing ${path}…`);
            timings.push(await timeStats(app, writer.token, path));
          }
        },
        weighEvents,
      ),
    );
  }
  await dropDatabase();

  const report = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(),
    database: { dialect: database.dialect, version, posts: seed.posts },
    load: {
      ...load,
      tool: describeLoadGenerator(options.loadGenerator),
      eventsTool: 'bench/paced.ts (open loop)',
    },
    writer: {
      posts: WRITER_POSTS,
      days: YEAR_DAYS,
      seededRows: writerSeed.rows,
      seedSeconds: round1(writerSeed.ms / 1000),
    },
    statsTimings: timings,
    eventFloor: floor,
    modes,
    pass:
      timings.every((timing) => timing.underTarget) &&
      modes.every((mode) => mode.events.noneLost && mode.withinTenPercent),
  };
  const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
  const cpuSplit = (cpu: CpuUse | null) =>
    cpu
      ? `server ${cpu.server} %, database ${cpu.database} %, wrk and event sender ${cpu.loadGenerator} %, other ${cpu.other} % of a core`
      : 'CPU not measured';
  const weighed = modes.find((mode) => mode.eventCost)?.eventCost;
  const lines = [
    `\nStats: ${options.statsRate} view events/s for ${options.statsSeconds} s over ${postIds.length.toLocaleString('en')} posts (${version})`,
    `  one event, CPU ms: Inkwell server ${weighed?.server ?? '?'} (flushes included), database ${weighed?.database ?? '?'}, sender ${weighed?.sender ?? '?'}; the bare baseline's answer ${floor.server} (sender ${floor.sender})`,
    ...modes.flatMap((mode) => [
      `  read page, ${mode.responseCache ? 'cached' : 'uncached'}: ${Math.round(mode.pagesAlone.requestsPerSecond)} req/s alone, ${Math.round(mode.pagesWithEvents.requestsPerSecond)} req/s with events (${(mode.pageRatio * 100).toFixed(1)} %; within 10 %: ${verdict(mode.withinTenPercent)}); server CPU ${mode.pagesAlone.serverCpuMsPerRequest?.toFixed(2) ?? '?'} → ${mode.pagesWithEvents.serverCpuMsPerRequest?.toFixed(2) ?? '?'} ms/req`,
      `    with events: ${cpuSplit(mode.pagesWithEvents.cpu)}; alone: ${cpuSplit(mode.pagesAlone.cpu)}`,
      `    events: ${mode.events.sent} sent, ${mode.events.answered204} answered 204 (p50 ${mode.events.p50Ms} ms, p99 ${mode.events.p99Ms} ms), ${mode.events.viewsStored} views stored after ${mode.events.flushSeconds} s (none lost: ${verdict(mode.events.noneLost)}); load average ${mode.loadAverage.before.join(' ')} → ${mode.loadAverage.after.join(' ')}`,
    ]),
    `  a writer's year (${WRITER_POSTS} posts, ${writerSeed.rows.toLocaleString('en')} stats rows), one request at a time:`,
    ...timings.map(
      (timing) =>
        `    ${timing.path}: p50 ${timing.p50} ms, p95 ${timing.p95} ms, max ${timing.max} ms (target p95 < ${STATS_TARGET_MS} ms: ${verdict(timing.underTarget)})`,
    ),
  ];
  console.log(lines.join('\n'));
  console.log(`\nWrote ${writeReport('stats.json', report)}`);
}
