import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CpuUse } from './cpu';
import type { LoadResult } from './load';
import type { MachineInfo } from './machine';
import type { PacedMeasurement } from './measure';
import type { PacedLoadResult } from './paced';
import {
  CACHED_MAX_CPU_MULTIPLE,
  CACHED_MIN_RATIO,
  MAX_PACED_P99_MS,
  MAX_SEND_LAG_MS,
  type Scenario,
  type ScenarioName,
} from './scenarios';

export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

export interface ServerMeasurement extends LoadResult {
  /** VmRSS of the server process at the end of the measurement. */
  rssMb: number | null;
  /** CPU used during the measured run, in % of one core. */
  cpu: CpuUse | null;
  /** The server's CPU time per request (ms of one core), from `cpu.server` and req/s. */
  serverCpuMsPerRequest: number | null;
  /** PostgreSQL's, the same way (0 on SQLite; on a shared machine it counts every postgres process). */
  databaseCpuMsPerRequest: number | null;
}

export interface TargetCheck {
  target: string;
  actual: number;
  pass: boolean;
  /** Why the figure says nothing about the target (the load generator fell behind): shown as N/A. */
  unjudged?: string;
}

export interface ScenarioReport {
  name: ScenarioName;
  description: string;
  distinctPaths: number;
  averageBodyBytes: number;
  /** The Content-Encoding of the answers (pages sent as to a browser), none when absent. */
  contentEncoding: string | null;
  inkwell: ServerMeasurement;
  /** Inkwell at half of the req/s it reached above, offered at a steady rate. */
  paced: PacedMeasurement;
  baseline: ServerMeasurement;
  /** Inkwell's req/s over the baseline's. */
  ratio: number;
  /** Inkwell's CPU a request (its process and PostgreSQL's) over the baseline's. */
  cpuMultiple: number | null;
  targets: TargetCheck[];
}

export interface BenchReport {
  generatedAt: string;
  machine: MachineInfo;
  database: {
    dialect: string;
    version: string;
    posts: number;
    authors: number;
    seedSeconds: number;
  };
  load: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    tool: string;
    /** Whether the server answered repeated public reads from its response cache. */
    responseCache: boolean;
  };
  scenarios: ScenarioReport[];
  /** The server's RSS after the first scenario and after the last. */
  memory: { firstMb: number | null; lastMb: number | null; check: TargetCheck | null };
  pass: boolean;
}

/** The server's RSS after the whole bench, as a multiple of its RSS after the first scenario. */
export const MAX_MEMORY_GROWTH = 1.5;

export function checkMemory(scenarios: ScenarioReport[]): BenchReport['memory'] {
  const firstMb = scenarios[0]?.inkwell.rssMb ?? null;
  const lastMb = scenarios.at(-1)?.inkwell.rssMb ?? null;
  if (firstMb === null || lastMb === null || scenarios.length < 2) return { firstMb, lastMb, check: null };
  const growth = lastMb / firstMb;
  return {
    firstMb,
    lastMb,
    check: {
      target: `RSS ≤ ${MAX_MEMORY_GROWTH}× after the first scenario`,
      actual: growth,
      pass: growth <= MAX_MEMORY_GROWTH,
    },
  };
}

/** CPU a request of Inkwell's process plus PostgreSQL's, over the bare server's. */
export function cpuMultipleOf(inkwell: ServerMeasurement, baseline: ServerMeasurement): number | null {
  if (inkwell.serverCpuMsPerRequest === null || !baseline.serverCpuMsPerRequest) return null;
  return (
    (inkwell.serverCpuMsPerRequest + (inkwell.databaseCpuMsPerRequest ?? 0)) / baseline.serverCpuMsPerRequest
  );
}

/**
 * The targets of a scenario: the CPU a request as a multiple of the bare server's (a cache hit's
 * own multiple and req/s share when the response cache answers it), writes' req/s, the p99 at half
 * of its capacity, and no failed answer.
 */
export function checkTargets(
  scenario: Scenario,
  measured: { inkwell: LoadResult; paced: PacedLoadResult; ratio: number; cpuMultiple: number | null },
  responseCache: boolean,
): TargetCheck[] {
  const { inkwell, paced, ratio, cpuMultiple } = measured;
  const checks: TargetCheck[] = [];
  const servedFromCache = responseCache && scenario.token === undefined && scenario.write === undefined;
  const maxCpuMultiple = servedFromCache ? CACHED_MAX_CPU_MULTIPLE : scenario.maxCpuMultiple;
  if (maxCpuMultiple !== null && cpuMultiple !== null) {
    checks.push({
      target: `CPU ≤ ${maxCpuMultiple}× bare`,
      actual: cpuMultiple,
      pass: cpuMultiple <= maxCpuMultiple,
    });
  }
  if (servedFromCache) {
    checks.push({
      target: `req/s ≥ ${CACHED_MIN_RATIO}× bare`,
      actual: ratio,
      pass: ratio >= CACHED_MIN_RATIO,
    });
  }
  if (scenario.minRequestsPerSecond !== undefined) {
    checks.push({
      target: `req/s ≥ ${scenario.minRequestsPerSecond}`,
      actual: inkwell.requestsPerSecond,
      pass: inkwell.requestsPerSecond >= scenario.minRequestsPerSecond,
    });
  }
  const generatorLate = paced.sendLagMs.p99 > MAX_SEND_LAG_MS;
  checks.push({
    target: `½-load p99 ≤ ${MAX_PACED_P99_MS} ms`,
    actual: paced.latencyMs.p99,
    pass: !generatorLate && paced.latencyMs.p99 <= MAX_PACED_P99_MS,
    ...(generatorLate
      ? { unjudged: `the load generator sent ${paced.sendLagMs.p99.toFixed(1)} ms late (p99)` }
      : {}),
  });
  const failures =
    inkwell.non2xx + inkwell.errors + inkwell.timeouts + paced.non2xx + paced.errors + paced.timeouts;
  checks.push({ target: 'no errors or non-2xx answers', actual: failures, pass: failures === 0 });
  return checks;
}

const fixed = (value: number | null, digits: number) =>
  value === null || Number.isNaN(value) ? '–' : value.toFixed(digits);

function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ');
  return [line(header), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}

function describeTargets(targets: TargetCheck[]): string {
  return targets
    .filter((check) => !check.target.startsWith('no errors') || !check.pass)
    .map((check) =>
      check.unjudged
        ? `N/A ${check.target} (${check.unjudged})`
        : `${check.pass ? 'PASS' : 'FAIL'} ${check.target}`,
    )
    .join('; ');
}

function describeCpu(cpu: CpuUse | null): string {
  return cpu ? `${cpu.server}/${cpu.database}/${cpu.loadGenerator}/${cpu.other}` : '–';
}

/** Above this, other processes took a real share of a 2-core machine during a measured run. */
const BUSY_OTHER_PERCENT = 20;

export function busyMachineWarning(report: BenchReport): string[] {
  const others = report.scenarios.flatMap((scenario) => [
    scenario.inkwell.cpu?.other ?? 0,
    scenario.baseline.cpu?.other ?? 0,
  ]);
  const worst = Math.max(0, ...others);
  if (worst < BUSY_OTHER_PERCENT) return [];
  return [
    `Warning: other processes used up to ${worst}% of a core during the measured runs ` +
      `(load average ${report.machine.loadAverage.join(', ')} at the end); the figures understate the server.`,
  ];
}

export function formatReport(report: BenchReport): string {
  const header = [
    'scenario',
    'CPU ms/req',
    'db ms/req',
    'CPU ×bare',
    'req/s',
    'ratio',
    '½-load req/s',
    '½ p50 ms',
    '½ p99 ms',
    '½ lag p99',
    'sat. p99 ms',
    'RSS MB',
    'CPU srv/db/gen/other %',
    'targets',
  ];
  const rows: string[][] = [];
  for (const scenario of report.scenarios) {
    const { inkwell, paced, baseline } = scenario;
    rows.push([
      scenario.name,
      fixed(inkwell.serverCpuMsPerRequest, 3),
      fixed(inkwell.databaseCpuMsPerRequest, 3),
      scenario.cpuMultiple === null ? '–' : `${fixed(scenario.cpuMultiple, 1)}×`,
      fixed(inkwell.requestsPerSecond, 0),
      `${fixed(scenario.ratio, 2)}×`,
      fixed(paced.requestsPerSecond, 0),
      fixed(paced.latencyMs.p50, 2),
      fixed(paced.latencyMs.p99, 2),
      fixed(paced.sendLagMs.p99, 2),
      fixed(inkwell.latencyMs.p99, 2),
      fixed(inkwell.rssMb, 0),
      describeCpu(inkwell.cpu),
      describeTargets(scenario.targets),
    ]);
    rows.push([
      `  baseline`,
      fixed(baseline.serverCpuMsPerRequest, 3),
      '',
      '',
      fixed(baseline.requestsPerSecond, 0),
      '',
      '',
      '',
      '',
      '',
      fixed(baseline.latencyMs.p99, 2),
      fixed(baseline.rssMb, 0),
      describeCpu(baseline.cpu),
      `${scenario.averageBodyBytes} B body${scenario.contentEncoding ? ` (${scenario.contentEncoding})` : ''}`,
    ]);
  }
  const { machine, database, load, memory } = report;
  return [
    `Inkwell bench: ${database.posts.toLocaleString('en')} posts by ${database.authors} authors on ${database.version}` +
      ` (seeded in ${database.seedSeconds.toFixed(1)} s)`,
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${load.connections} connections,` +
      ` ${load.durationSeconds} s per run after ${load.warmupSeconds} s warm-up,` +
      ` response cache ${load.responseCache ? 'on' : 'off (--no-cache)'}`,
    `Load: ${load.tool}; ½-load: half of each scenario's req/s, at a steady rate (bench/paced.ts)`,
    '',
    renderTable(header, rows),
    '',
    memory.check
      ? `Memory: server RSS ${fixed(memory.firstMb, 0)} MB after the first scenario, ${fixed(memory.lastMb, 0)} MB at the end ` +
        `(${fixed(memory.check.actual, 2)}×): ${memory.check.pass ? 'PASS' : 'FAIL'} ${memory.check.target}`
      : 'Memory: one scenario only, no growth to report',
    report.pass
      ? 'All targets met.'
      : report.scenarios.some((scenario) => scenario.targets.some((check) => check.unjudged))
        ? 'Some targets were missed (FAIL above) or could not be judged (N/A above).'
        : 'Some targets were missed (FAIL above).',
    ...busyMachineWarning(report),
  ].join('\n');
}

export function writeReport(fileName: string, report: object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${fileName}`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
