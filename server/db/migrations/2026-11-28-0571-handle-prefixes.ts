import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The comment box's `@` suggestions look handles up by prefix, a range in code-point order. SQLite's
 * unique index on handle is in that order already (BINARY); PostgreSQL's follows the database's
 * collation, so a range there needs an index in the "C" collation, like users_username_lower.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index users_handle_prefix on users ((handle collate "C"))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop index users_handle_prefix`.execute(db);
}
