import { spawn } from 'node:child_process';
import pg from 'pg';
import { BackupError, writeWhole } from './backup-file';

/**
 * The URL without its password, which goes to pg_dump and pg_restore through PGPASSWORD instead:
 * a command line is visible to every user of the machine (ps), the environment is not.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found: install PostgreSQL's client tools (postgresql-client)`)
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * pg_dump in its custom format (compressed, restored selectively by pg_restore). pg_dump reads in
 * one repeatable-read transaction: a consistent snapshot holding every transaction committed
 * before it began, taken while the server keeps writing. pg_dump must be at least the server's
 * major version.
 */
export async function backupPostgres(url: string, destination: string): Promise<void> {
  const { dbname, env } = connection(url);
  await writeWhole(destination, (temporary) =>
    run('pg_dump', ['--format=custom', '--no-password', `--file=${temporary}`, `--dbname=${dbname}`], env),
  );
}

/** Tables in the database's own schemas (not PostgreSQL's catalogs). */
export async function postgresTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore into the configured database, in one transaction (all or nothing). Objects are
 * created without their original owner and grants, so any role that may create tables can
 * restore. Refuses a database that holds tables unless `force`, which drops the objects the backup
 * contains before recreating them.
 */
export async function restorePostgres(
  url: string,
  backupFile: string,
  options: { force: boolean },
): Promise<void> {
  const tables = await postgresTableCount(url);
  if (tables > 0 && !options.force) {
    throw new BackupError(
      `Refusing to overwrite the database: it holds ${tables} tables. ` +
        'Stop the servers, then run the restore again with --force to replace them, ' +
        'or restore into an empty database (createdb).',
    );
  }
  const { dbname, env } = connection(url);
  await run(
    'pg_restore',
    [
      '--no-password',
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      ...(tables > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${dbname}`,
      backupFile,
    ],
    env,
  );
}
