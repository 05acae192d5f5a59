// npm run backup [-- --out FILE]: a consistent copy of the configured database, taken while the
// server runs. SQLite: the online backup API; PostgreSQL: pg_dump's custom format. Pictures stored
// on disk (DATA_DIR/media) are copied into a folder beside it (FILE's name, `.media`); pictures in
// an S3 bucket (MEDIA_S3_BUCKET) stay there and are not copied. Reads the same settings as the
// server (DATABASE_URL, DATA_DIR, MEDIA_S3_BUCKET). Bundled into build/backup.mjs, so it runs where
// only production dependencies are installed.
import { rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { databaseTarget } from '../server/db/database';
import { BackupError, defaultBackupPath } from '../server/db/backup/backup-file';
import { backupMedia, mediaBackupPathOf, type MediaCopy } from '../server/db/backup/media-backup';
import { backupPostgres } from '../server/db/backup/postgres-backup';
import { backupSqlite } from '../server/db/backup/sqlite-backup';
import { waitForStartSignal } from './start-signal';
import { reportFailure } from './report-failure';

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
  // The pictures are copied after the database snapshot, never before: see backupMedia for why
  // that order holds every picture the snapshot references.
  let media: MediaCopy | { bucket: string; copied: false };
  const bucket = config.media.s3?.bucket;
  if (bucket !== undefined) {
    media = { bucket, copied: false };
    console.log(
      `Pictures are stored in the S3 bucket "${bucket}" and are NOT in this backup: ` +
        'back the bucket up with its own tools (versioning, replication or a sync to another bucket).',
    );
  } else {
    try {
      media = await backupMedia(config.dataDir, mediaBackupPathOf(destination));
    } catch (error) {
      // Without its pictures the backup is not whole: no file is left to be mistaken for one.
      rmSync(destination, { force: true });
      throw error;
    }
  }
  // The last line is JSON, for scripts (and tests) that take the file's name from it.
  console.log(
    JSON.stringify({
      backup: destination,
      dialect: target.dialect,
      bytes: statSync(destination).size,
      media,
      ms: Math.round(performance.now() - started),
    }),
  );
}

main().catch((error: unknown) => {
  reportFailure('backup', error, [BackupError]);
  process.exit(1);
});
