import { execFileSync } from 'node:child_process';
import { cpus, freemem, loadavg, release, totalmem } from 'node:os';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { BenchDatabase } from './databases';

export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  freeMemoryGb: number;
  loadAverage: number[];
  os: string;
  node: string;
  gitCommit: string | null;
  gitDirty: boolean | null;
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export function machineInfo(): MachineInfo {
  const status = git(['status', '--porcelain', '--', 'server', 'contracts', 'scripts/build-server.mjs']);
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    freeMemoryGb: Math.round((freemem() / 1024 ** 3) * 10) / 10,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    os: `${process.platform} ${release()}`,
    node: process.version,
    gitCommit: git(['rev-parse', '--short', 'HEAD']),
    // Whether the server code measured differs from the commit named above.
    gitDirty: status === null ? null : status.length > 0,
  };
}

export async function databaseVersion(database: BenchDatabase): Promise<string> {
  if (database.dialect === 'sqlite') {
    const sqlite = new SqliteDatabase(database.url, { readonly: true });
    try {
      const row = sqlite.prepare('select sqlite_version() as version').get() as { version: string };
      return `SQLite ${row.version}`;
    } finally {
      sqlite.close();
    }
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return `PostgreSQL ${result.rows[0]?.server_version ?? 'unknown'}`;
  } finally {
    await client.end();
  }
}
