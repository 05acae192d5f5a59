import type { Kysely } from 'kysely';

/**
 * An in-line comment names the passage it is about by its words and a little text on
 * either side (contracts/passage-anchor.ts), all null for a comment on the whole post. Lengths are
 * those of the stored, white-space-collapsed form: a quote of at most 1,000 characters, context of
 * at most 48 (room to spare). Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').addColumn('anchor_quote', 'varchar(1000)').execute();
  await db.schema.alterTable('comments').addColumn('anchor_prefix', 'varchar(64)').execute();
  await db.schema.alterTable('comments').addColumn('anchor_suffix', 'varchar(64)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('anchor_suffix').execute();
  await db.schema.alterTable('comments').dropColumn('anchor_prefix').execute();
  await db.schema.alterTable('comments').dropColumn('anchor_quote').execute();
}
