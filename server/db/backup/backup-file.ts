import { closeSync, openSync, readSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createPrivateFileIfMissing, ensurePrivateDirectory } from '../../lib/private-files';
import type { DialectName } from '../database';

/** A failure the operator can act on: printed as it is, without a stack trace. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const SQLITE_MAGIC = 'SQLite format 3\0';
/** pg_dump's custom format begins with these bytes. */
const PG_CUSTOM_MAGIC = 'PGDMP';

/** Which database a backup file was taken from, by its first bytes; undefined when neither. */
export function backupKindOf(file: string): DialectName | undefined {
  const head = Buffer.alloc(SQLITE_MAGIC.length);
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    throw new BackupError(`Cannot read the backup file ${file}`);
  }
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = head.toString('latin1');
  if (text === SQLITE_MAGIC) return 'sqlite';
  if (text.startsWith(PG_CUSTOM_MAGIC)) return 'postgres';
  return undefined;
}

/** `<dataDir>/backups/inkwell-20261122T031500Z.sqlite` (or `.dump`, pg_dump's custom format). */
export function defaultBackupPath(dataDir: string, dialect: DialectName, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return join(dataDir, 'backups', `inkwell-${stamp}.${dialect === 'sqlite' ? 'sqlite' : 'dump'}`);
}

/**
 * Writes a backup under a temporary name and renames it into place only once complete, so a
 * backup file that exists is a whole one. The file is private (0600) from its first byte: it holds
 * emails and password hashes. A folder it has to create is private too.
 */
export async function writeWhole(
  destination: string,
  write: (temporary: string) => Promise<void>,
): Promise<void> {
  ensurePrivateDirectory(dirname(destination));
  const temporary = `${destination}.partial-${process.pid}`;
  createPrivateFileIfMissing(temporary);
  try {
    await write(temporary);
    renameSync(temporary, destination);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
