import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * The data folder holds emails, password hashes and the JWT secret: only the account that runs
 * Inkwell may read it. Modes passed to mkdir and open are cut by the process's umask (which could
 * be anything), so each is set again with chmod; what already existed is left as the operator made
 * it.
 */
export function ensurePrivateDirectory(path: string): void {
  if (mkdirSync(path, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(path, 0o700);
}

/** Creates an empty file readable and writable by its owner only, unless it already exists. */
export function createPrivateFileIfMissing(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  closeSync(fd);
  chmodSync(path, 0o600);
}
