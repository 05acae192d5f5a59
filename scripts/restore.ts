// npm run restore -- FILE [--force]: loads a backup made by `npm run backup` into the configured
// database (DATABASE_URL, DATA_DIR), refusing one that already holds tables unless --force, then
// puts the pictures of the folder beside it (FILE's name, `.media`) back under DATA_DIR/media.
// Stop the server first. Migrations newer than the backup are applied when the server starts.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { databaseTarget } from '../server/db/database';
import { BackupError, backupKindOf } from '../server/db/backup/backup-file';
import { mediaBackupPathOf, restoreMedia } from '../server/db/backup/media-backup';
import { restorePostgres } from '../server/db/backup/postgres-backup';
import { restoreSqlite } from '../server/db/backup/sqlite-backup';
import { reportFailure } from './report-failure';

const USAGE = 'Usage: npm run restore -- FILE [--force]';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (values.help) return console.log(USAGE);
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) throw new BackupError(USAGE);
  const backup = resolve(file);
  const config = loadConfig();
  const target = databaseTarget(config);
  const kind = backupKindOf(backup);
  if (kind === undefined) {
    throw new BackupError(`${backup} is neither an SQLite backup nor a pg_dump custom-format backup`);
  }
  if (kind !== target.dialect) {
    throw new BackupError(
      `${backup} is a ${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} backup, but the configured database ` +
        `is ${target.dialect === 'sqlite' ? 'SQLite (DATABASE_URL unset)' : 'PostgreSQL (DATABASE_URL)'}`,
    );
  }
  if (target.dialect === 'sqlite') {
    if (target.file === ':memory:') throw new BackupError('DATABASE_URL=:memory: cannot be restored into');
    await restoreSqlite(backup, target.file, { force: values.force });
  } else {
    await restorePostgres(target.url, backup, { force: values.force });
  }
  // The pictures after the database: a restore the database refused touches nothing.
  const folder = mediaBackupPathOf(backup);
  const bucket = config.media.s3?.bucket;
  let media: Awaited<ReturnType<typeof restoreMedia>> | null = null;
  if (bucket !== undefined) {
    console.log(
      `Pictures are stored in the S3 bucket "${bucket}": the restore does not touch it.` +
        (existsSync(folder)
          ? ` This backup holds pictures from disk in ${folder}; to serve them, copy that folder's ` +
            `content into the bucket under media/ (for example: aws s3 sync ${folder} s3://${bucket}/media).`
          : ''),
    );
  } else {
    media = (await restoreMedia(backup, config.dataDir)) ?? null;
    if (!media) {
      console.log(
        `This backup has no pictures folder (${folder}): no picture was restored. ` +
          'It was taken with pictures in an S3 bucket, or before backups held pictures.',
      );
    }
  }
  console.log(
    JSON.stringify({
      restored: backup,
      into: target.dialect === 'sqlite' ? target.file : new URL(target.url).pathname.slice(1),
      dialect: target.dialect,
      media,
    }),
  );
}

main().catch((error: unknown) => {
  reportFailure('restore', error, [BackupError]);
  process.exit(1);
});
