import { DEFAULT_MIGRATION_TABLE, sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** The questions readiness asks the database; nothing here writes. */
export class HealthRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** A round trip: resolves once the database has answered a trivial query. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /** Names of the migrations recorded as applied (Kysely's own table, which the Migrator keeps). */
  async appliedMigrationNames(): Promise<string[]> {
    const result = await sql<{
      name: string;
    }>`select name from ${sql.table(DEFAULT_MIGRATION_TABLE)}`.execute(this.db);
    return result.rows.map((row) => row.name);
  }
}
