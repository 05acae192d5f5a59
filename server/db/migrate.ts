import { Migrator } from 'kysely';
import type { Database } from './database';
import { migrations } from './migrations';

/** Applies every pending migration, under the database's migration lock. */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Migrations are written on several branches at once and land in any order: a database that
    // already ran a later-named one still gets an earlier-named one that landed after it. Each
    // migration only adds its own tables and columns, so the order between such ones is free.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
