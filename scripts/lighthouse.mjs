// `npm run lighthouse`: Lighthouse's mobile audit of /allblog and of a post with a discussion
// (30 comments and 5 marked passages, seeded through the API), run offline against the production
// build (build/server.mjs on a scratch SQLite database with the welcome posts) in Debian's
// Chromium, headless. Prints the four category scores per page, writes the full reports to
// build/lighthouse/, and exits 1 when a page is under its target (performance at least 90 for
// /allblog, at least 95 for the post, whose total blocking time must stay within 150 ms;
// accessibility, best practices and SEO 100). A developer's tool: not part of `npm test`.
// Lighthouse's simulated slow phone multiplies the time the page's tasks take here by 4: on a
// machine busy with other work the figures are worse than the page (its report's benchmarkIndex,
// printed below, says how fast the machine was).
//
// Usage: npm run build && npm run lighthouse [-- --runs=5] [-- --page=post] [-- --throttling=devtools]
//   --runs=N       audits each page N times and judges the median run (Lighthouse's own choice of
//                  it: the run nearest the median first paint and time to interactive), printing
//                  every run's performance and blocking time and their medians: one run on a shared
//                  machine says little.
//   --page=NAME    audits only `allblog` or `post`.
//   --throttling=devtools  has Chrome slow its CPU down 4 times and its network to slow 4G while
//                  the page loads, instead of Lighthouse's default simulation, which loads the page
//                  at full speed and works out the slow phone's timings from the trace.
// The load average is printed before and after, so figures from a busy machine can be told apart.
// CHROME_PATH picks the browser (default /usr/bin/chromium).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { buildDir, startBuiltServer } from './built-server.mjs';
import { seedDiscussedPost } from './lighthouse-seed.mjs';

const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// Headless, and nothing of Chromium's own traffic (updates, sync, safe browsing lists): the run
// needs no network beyond loopback, and nothing else competes with the page being measured.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 };
/** A post with its discussion is held to more: performance 95, and at most 150 ms of blocking. */
const POST_TARGETS = { ...TARGETS, performance: 95 };
const TBT_TARGET_MS = 150;
const LIGHTHOUSE = join('node_modules', '.bin', 'lighthouse');

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    page: { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
  },
});
const RUNS = Number(options.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) {
  console.error('lighthouse: --runs takes a whole number of runs, 1 or more');
  process.exit(1);
}
if (options.page !== undefined && !['allblog', 'post'].includes(options.page)) {
  console.error('lighthouse: --page is allblog or post');
  process.exit(1);
}
if (!['simulate', 'devtools'].includes(options.throttling)) {
  console.error('lighthouse: --throttling is simulate (the default) or devtools');
  process.exit(1);
}

if (!existsSync(CHROME_PATH)) {
  console.error(`lighthouse: no browser at ${CHROME_PATH} (apt-get install chromium, or set CHROME_PATH)`);
  process.exit(1);
}
if (!existsSync(LIGHTHOUSE)) {
  console.error('lighthouse: the lighthouse package is missing: npm install');
  process.exit(1);
}

const outDir = join(buildDir, 'lighthouse');
mkdirSync(outDir, { recursive: true });

/**
 * One Lighthouse run with its defaults: mobile form factor, Moto G Power screen, slow 4G and a CPU 4
 * times slower, simulated (or applied by Chrome with --throttling=devtools).
 */
function audit(url, name) {
  const outputPath = join(outDir, name);
  const result = spawnSync(
    LIGHTHOUSE,
    [
      url,
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      '--form-factor=mobile',
      `--throttling-method=${options.throttling}`,
      `--only-categories=${Object.keys(TARGETS).join(',')}`,
      '--output=json',
      '--output=html',
      `--output-path=${outputPath}`,
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH } },
  );
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url} (exit ${result.status})`);
  return JSON.parse(readFileSync(`${outputPath}.report.json`, 'utf8'));
}

/** The audits that cost a category points, worst first, so a failing score says why. */
function shortfalls(report, category) {
  return report.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => report.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1)
    .map(
      (audit) =>
        `${audit.id} (${Math.round(audit.score * 100)})${audit.displayValue ? `: ${audit.displayValue}` : ''}`,
    );
}

let server;
try {
  server = await startBuiltServer();
} catch (error) {
  console.error(`lighthouse: ${error.message}`);
  process.exit(1);
}
let failed = false;
try {
  const pages = [
    ['allblog', '/allblog', TARGETS, null],
    ['post', await seedDiscussedPost(server.origin), POST_TARGETS, TBT_TARGET_MS],
  ].filter(([name]) => options.page === undefined || options.page === name);
  console.log(`load average before: ${formatLoad()}; throttling: ${options.throttling}; runs: ${RUNS}`);
  for (const [name, path, targets, blockingTarget] of pages) {
    // A server in production has rendered its pages before: without this, the audit would time
    // the just-started process compiling its code (a first /allblog took 390 ms, later ones a few).
    for (let warm = 0; warm < 20; warm += 1) await (await fetch(`${server.origin}${path}`)).text();
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) {
      runs.push(audit(`${server.origin}${path}`, RUNS === 1 ? name : `${name}-${run + 1}`));
    }
    const report = RUNS === 1 ? runs[0] : computeMedianRun(runs);
    const file = RUNS === 1 ? name : `${name}-${runs.indexOf(report) + 1}`;
    console.log(`${path}  (${join('build', 'lighthouse', `${file}.report.html`)})`);
    if (RUNS > 1) {
      const scores = runs.map((run) => Math.round(run.categories.performance.score * 100));
      const blocking = runs.map((run) => Math.round(run.audits['total-blocking-time'].numericValue));
      console.log(`  performance of each run ${scores.join(' ')}: median ${median(scores)}`);
      console.log(`  total blocking time of each run (ms) ${blocking.join(' ')}: median ${median(blocking)}`);
      console.log(`  judged on the median run, run ${runs.indexOf(report) + 1}:`);
    }
    for (const [category, target] of Object.entries(targets)) {
      const score = Math.round(report.categories[category].score * 100);
      const pass = score >= target;
      failed ||= !pass;
      console.log(
        `  ${category.padEnd(15)} ${String(score).padStart(3)}  (target ${target}) ${pass ? 'PASS' : 'FAIL'}`,
      );
      if (score < 100) for (const line of shortfalls(report, category)) console.log(`      ${line}`);
    }
    const metrics = [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
    ];
    console.log(`  ${metrics.map((id) => `${id} ${report.audits[id].displayValue}`).join(', ')}`);
    console.log(`  benchmarkIndex ${Math.round(report.environment.benchmarkIndex)}`);
    if (blockingTarget !== null) {
      const blocking = report.audits['total-blocking-time'].numericValue;
      const blockingPass = blocking <= blockingTarget;
      failed ||= !blockingPass;
      console.log(
        `  total blocking time ${Math.round(blocking)} ms (target ${blockingTarget}) ${blockingPass ? 'PASS' : 'FAIL'}`,
      );
    }
  }
  console.log(`load average after: ${formatLoad()}`);
} finally {
  await server.stop();
}
if (failed) process.exit(1);

function formatLoad() {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

function median(numbers) {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
