import { constants, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ensurePrivateDirectory } from '../../lib/private-files';
import { BackupError } from './backup-file';

/**
 * Where DiskMediaStorage keeps uploaded pictures: `<DATA_DIR>/media/<id>/<width>.webp` (its keys
 * are `media/<id>/<width>.webp`, resolved under DATA_DIR). With MEDIA_S3_BUCKET set they are in
 * the bucket instead, and no backup holds them.
 */
export function mediaFolderOf(dataDir: string): string {
  return join(dataDir, 'media');
}

/**
 * A backup's pictures live in a folder beside its database file, named after it:
 * `inkwell-20261122T031500Z.sqlite` → `inkwell-20261122T031500Z.media/`, holding `<id>/<width>.webp`
 * as DATA_DIR/media does. A name without the usual extension gets `.media` appended.
 */
export function mediaBackupPathOf(backupFile: string): string {
  const extension = extname(backupFile);
  const stem =
    extension === '.sqlite' || extension === '.dump' ? basename(backupFile, extension) : basename(backupFile);
  return join(dirname(backupFile), `${stem}.media`);
}

export interface MediaCopy {
  folder: string;
  files: number;
  bytes: number;
}

/** DiskMediaStorage writes each file under a temporary name (`<file>.<uuid>.tmp`) first. */
const isUnfinished = (name: string) => name.endsWith('.tmp');

/**
 * Copies every finished file under `from` into `to` (folders created as needed), returning what it
 * copied. A file that disappears between listing and copying is skipped. `COPYFILE_FICLONE` shares
 * the blocks on file systems that can (btrfs, XFS) and copies them elsewhere.
 */
async function copyTree(from: string, to: string, total = { files: 0, bytes: 0 }) {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return total;
    throw error;
  }
  await mkdir(to, { recursive: true });
  for (const entry of entries) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory()) {
      await copyTree(source, target, total);
    } else if (entry.isFile() && !isUnfinished(entry.name)) {
      // Written under a temporary name and renamed, so a restore into a folder a server reads
      // never exposes half a picture.
      const temporary = `${target}.restore-${process.pid}.tmp`;
      try {
        await copyFile(source, temporary, constants.COPYFILE_FICLONE);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        // Removed meanwhile (a picture discarded, an account deleted): nothing to copy.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        throw error;
      }
      total.files += 1;
      total.bytes += (await stat(target)).size;
    }
  }
  return total;
}

const isInside = (folder: string, path: string) => {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
};

/**
 * Copies the pictures folder of a disk-stored instance beside a database backup that has just been
 * taken. Call it after the database snapshot: a picture's files are written (and renamed into
 * place) before its row is inserted, and never change afterwards (a new upload gets a new id), so
 * every picture the snapshot references is already on disk when the copy starts. Copying first
 * would lose the pictures uploaded between the copy and the snapshot. What can differ: files
 * uploaded after the snapshot are copied too (harmless, no row points to them, never served) and
 * a picture deleted while the copy runs (an account deleted, an import rolled back) may be in the
 * snapshot without its files.
 *
 * The folder is written under a temporary name and renamed into place once whole, private (0700)
 * like the database file: drafts' pictures are in it.
 */
export async function backupMedia(dataDir: string, destination: string): Promise<MediaCopy> {
  const source = mediaFolderOf(dataDir);
  if (isInside(source, destination)) {
    throw new BackupError(`The backup's pictures cannot go inside the pictures folder ${source}`);
  }
  ensurePrivateDirectory(dirname(destination));
  const temporary = `${destination}.partial-${process.pid}`;
  rmSync(temporary, { recursive: true, force: true });
  ensurePrivateDirectory(temporary);
  try {
    const copied = await copyTree(source, temporary);
    // A backup written again to the same name replaces the earlier one, as the database file does.
    rmSync(destination, { recursive: true, force: true });
    renameSync(temporary, destination);
    return { folder: destination, ...copied };
  } catch (error) {
    rmSync(temporary, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Puts a backup's pictures back under DATA_DIR/media, beside what is already there: pictures are
 * named by their id and never change, so a file present on both sides is the same picture.
 * Undefined when the backup has no pictures folder (taken with S3 storage, or before backups held
 * pictures).
 */
export async function restoreMedia(backupFile: string, dataDir: string): Promise<MediaCopy | undefined> {
  const folder = mediaBackupPathOf(backupFile);
  if (!existsSync(folder)) return undefined;
  if (!statSync(folder).isDirectory()) throw new BackupError(`${folder} is not a folder of pictures`);
  const target = mediaFolderOf(dataDir);
  ensurePrivateDirectory(dataDir);
  const copied = await copyTree(folder, target);
  return { folder, ...copied };
}
