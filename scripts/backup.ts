// npm run backup [-- --out FILE]: a consistent copy of the configured database, taken while the
// server runs. SQLite: the online backup API; PostgreSQL: pg_dump's custom format. Reads the same
// settings as the server (DATABASE_URL, DATA_DIR). Bundled into build/backup.mjs, so it runs where
// only production dependencies are installed.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { databaseTarget } from '../server/db/database';
import { BackupError, defaultBackupPath } from '../server/db/backup/backup-file';
import { backupPostgres } from '../server/db/backup/postgres-backup';
import { backupSqlite } from '../server/db/backup/sqlite-backup';
import { waitForStartSignal } from './start-signal';

const USAGE = 'Usage: npm run backup [-- --out FILE]';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) return console.log(USAGE);
  const config = loadConfig();
  const target = databaseTarget(config);
  if (target.dialect === 'sqlite' && target.file === ':memory:') {
    throw new BackupError('DATABASE_URL=:memory: has nothing to back up');
  }
  const destination = resolve(values.out ?? defaultBackupPath(config.dataDir, target.dialect));
  // Tests start the copy at a known instant (MIGRATE_WAIT_FOR_GO=1); otherwise this returns at once.
  await waitForStartSignal();
  const started = performance.now();
  if (target.dialect === 'sqlite') await backupSqlite(target.file, destination);
  else await backupPostgres(target.url, destination);
  // The last line is JSON, for scripts (and tests) that take the file's name from it.
  console.log(
    JSON.stringify({
      backup: destination,
      dialect: target.dialect,
      bytes: statSync(destination).size,
      ms: Math.round(performance.now() - started),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? `backup: ${error.message}` : error);
  process.exit(1);
});
