import { readdirSync, readFileSync } from 'node:fs';

/** CPU used during a measurement, in % of one core, by who used it. */
export interface CpuUse {
  server: number;
  /** PostgreSQL's processes (0 on SQLite, which runs inside the server). */
  database: number;
  /** The load generator: this process (autocannon), or the wrk it ran. */
  loadGenerator: number;
  /** Everything else on the machine: on a shared 2-core machine, the noise in the figures. */
  other: number;
}

interface Snapshot {
  atMs: number;
  machineBusy: number;
  server: number;
  database: number;
  loadGenerator: number;
}

/** utime + stime of a process (plus its waited-for children's), in clock ticks; 0 if it is gone. */
function processTicks(
  pid: string,
  options: { withChildren?: boolean } = {},
): { ticks: number; name: string } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    return { ticks: options.withChildren ? own + Number(fields[13]) + Number(fields[14]) : own, name };
  } catch {
    return { ticks: 0, name: '' };
  }
}

/** Busy ticks of the whole machine (everything but idle and iowait), from /proc/stat. */
function machineBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
}

function snapshot(serverPid: number, countDatabase: boolean): Snapshot {
  let database = 0;
  for (const pid of countDatabase ? readdirSync('/proc') : []) {
    if (!/^\d+$/.test(pid)) continue;
    const { ticks, name } = processTicks(pid);
    if (name.startsWith('postgres')) database += ticks;
  }
  return {
    atMs: performance.now(),
    machineBusy: machineBusyTicks(),
    server: processTicks(String(serverPid)).ticks,
    database,
    // wrk runs as a child and has exited by the second snapshot: its time is in ours as children's.
    loadGenerator: processTicks(String(process.pid), { withChildren: true }).ticks,
  };
}

const TICKS_PER_SECOND = 100;

/** Starts counting; the returned function stops and gives the CPU used meanwhile (null off Linux). */
/**
 * Starts counting; the function returned stops and tells. `database: false` (a SQLite run) leaves
 * PostgreSQL's processes in "other": on a shared machine they are someone else's.
 */
export function startCpuAccounting(
  serverPid: number,
  { database: countDatabase = true }: { database?: boolean } = {},
): () => CpuUse | null {
  if (process.platform !== 'linux') return () => null;
  const before = snapshot(serverPid, countDatabase);
  return () => {
    const after = snapshot(serverPid, countDatabase);
    const seconds = (after.atMs - before.atMs) / 1000;
    const percent = (ticks: number) => Math.round((ticks / TICKS_PER_SECOND / seconds) * 100);
    const server = after.server - before.server;
    // A PostgreSQL backend that exits mid-run takes its ticks along; never count below zero.
    const database = Math.max(0, after.database - before.database);
    const loadGenerator = after.loadGenerator - before.loadGenerator;
    const busy = after.machineBusy - before.machineBusy;
    return {
      server: percent(server),
      database: percent(database),
      loadGenerator: percent(loadGenerator),
      other: Math.max(0, percent(busy - server - database - loadGenerator)),
    };
  };
}
