import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CpuUse } from './cpu';
import type { LoadResult } from './load';
import type { MachineInfo } from './machine';
import { MAX_P99_MS, type Scenario, type ScenarioName } from './scenarios';

export const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));

export interface ServerMeasurement extends LoadResult {
  /** VmRSS of the server process at the end of the measurement. */
  rssMb: number | null;
  /** CPU used during the measured run, in % of one core. */
  cpu: CpuUse | null;
  /** The server's CPU time per request (ms of one core), from `cpu.server` and req/s. */
  serverCpuMsPerRequest: number | null;
}

export interface TargetCheck {
  target: string;
  actual: number;
  pass: boolean;
}

export interface ScenarioReport {
  name: ScenarioName;
  description: string;
  distinctPaths: number;
  averageBodyBytes: number;
  inkwell: ServerMeasurement;
  baseline: ServerMeasurement;
  /** Inkwell's req/s over the baseline's. */
  ratio: number;
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
  pass: boolean;
}

export function checkTargets(scenario: Scenario, inkwell: LoadResult, ratio: number): TargetCheck[] {
  const checks: TargetCheck[] = [];
  if (scenario.minRatio !== null) {
    checks.push({
      target: `req/s ≥ ${scenario.minRatio}× baseline`,
      actual: ratio,
      pass: ratio >= scenario.minRatio,
    });
  }
  if (scenario.minRequestsPerSecond !== undefined) {
    checks.push({
      target: `req/s ≥ ${scenario.minRequestsPerSecond}`,
      actual: inkwell.requestsPerSecond,
      pass: inkwell.requestsPerSecond >= scenario.minRequestsPerSecond,
    });
  }
  const maxP99 = scenario.maxP99Ms ?? MAX_P99_MS;
  checks.push({
    target: `p99 ≤ ${maxP99} ms`,
    actual: inkwell.latencyMs.p99,
    pass: inkwell.latencyMs.p99 <= maxP99,
  });
  const failures = inkwell.non2xx + inkwell.errors + inkwell.timeouts;
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
    .map((check) => `${check.pass ? 'PASS' : 'FAIL'} ${check.target}`)
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
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'RSS MB',
    'CPU ms/req',
    'CPU srv/db/gen/other %',
    'targets',
  ];
  const rows: string[][] = [];
  for (const scenario of report.scenarios) {
    const { inkwell, baseline } = scenario;
    rows.push([
      scenario.name,
      fixed(inkwell.requestsPerSecond, 0),
      fixed(inkwell.latencyMs.p50, 2),
      fixed(inkwell.latencyMs.p99, 2),
      `${fixed(scenario.ratio, 2)}×`,
      fixed(inkwell.rssMb, 0),
      fixed(inkwell.serverCpuMsPerRequest, 3),
      describeCpu(inkwell.cpu),
      describeTargets(scenario.targets),
    ]);
    rows.push([
      `  baseline`,
      fixed(baseline.requestsPerSecond, 0),
      fixed(baseline.latencyMs.p50, 2),
      fixed(baseline.latencyMs.p99, 2),
      '',
      fixed(baseline.rssMb, 0),
      fixed(baseline.serverCpuMsPerRequest, 3),
      describeCpu(baseline.cpu),
      `${scenario.averageBodyBytes} B body`,
    ]);
  }
  const { machine, database, load } = report;
  return [
    `Inkwell bench: ${database.posts.toLocaleString('en')} posts by ${database.authors} authors on ${database.version}` +
      ` (seeded in ${database.seedSeconds.toFixed(1)} s)`,
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}, ${load.connections} connections,` +
      ` ${load.durationSeconds} s per run after ${load.warmupSeconds} s warm-up,` +
      ` response cache ${load.responseCache ? 'on' : 'off (--no-cache)'}`,
    `Load: ${load.tool}`,
    '',
    renderTable(header, rows),
    '',
    report.pass ? 'All targets met.' : 'Some targets were missed (FAIL above).',
    ...busyMachineWarning(report),
  ].join('\n');
}

export function writeReport(fileName: string, report: object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = `${RESULTS_DIR}${fileName}`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
