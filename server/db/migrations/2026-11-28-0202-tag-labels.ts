import type { Kysely } from 'kysely';

/**
 * A topic's name as its first RealWorld writer typed it (case, '_', spaces, accents), beside its
 * address, `tags.name`, which stays the key every table and link uses
 * (docs/decisions/0059-conduit-to-the-letter.md). Existing topics have none and keep their
 * addresses; their address is their name. Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').addColumn('label', 'varchar(30)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').dropColumn('label').execute();
}
