import { Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/** Applies every pending migration, under the database's migration lock. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
