import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from '../../db/database';
import { ensurePrivateDirectory } from '../../lib/private-files';
import { InstanceSecretsRepository } from './instance-secrets-repository';

const generateSecret = () => randomBytes(48).toString('base64url');

/**
 * SQLite: the secret lives beside the database in the data folder, readable only by its owner.
 * Written to a temporary file and linked into place, so two processes starting on one folder
 * agree on one secret and neither reads a half-written file.
 */
export function loadOrCreateSecretFile(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateDirectory(dataDir);
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${generateSecret()}\n`, { mode: 0o600 });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The key tokens are signed with: JWT_SECRET when set; otherwise one generated on first start and
 * kept where every instance finds it. With PostgreSQL, several instances usually share the
 * database but not a disk, so it is kept in the database: a token issued by one instance is
 * honoured by all of them, and users stay signed in whichever instance the balancer picks.
 */
export async function resolveJwtSecret(options: {
  configured: string | undefined;
  database: Database;
  dataDir: string;
}): Promise<string> {
  const { configured, database, dataDir } = options;
  if (configured !== undefined) return configured;
  if (database.dialect === 'sqlite') return loadOrCreateSecretFile(dataDir);
  return new InstanceSecretsRepository(database.db).findOrCreate('jwt', generateSecret());
}
