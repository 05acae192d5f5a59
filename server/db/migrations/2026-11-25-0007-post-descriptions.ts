import type { Kysely } from 'kysely';

/**
 * A Conduit article has a `description`, a line that sums it up. Stored only when a
 * writer gave one (through the Conduit API); null otherwise, and then the post's own summary of
 * its text is shown instead (docs/decisions/0040-conduit-api.md). Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('description', 'varchar(1000)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('description').execute();
}
