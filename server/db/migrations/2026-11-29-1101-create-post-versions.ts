import type { Kysely } from 'kysely';

/**
 * A post's version history (docs/decisions/0076-post-versions.md): a whole copy of the title and
 * Markdown per save, with the words it added and removed, worked out once when it is written.
 * `created_at` is when the entry began (autosaves within minutes of it replace it), `saved_at`
 * when its text was saved. Deleting the post deletes its versions.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_versions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('saved_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('words_added', 'integer', (col) => col.notNull())
    .addColumn('words_removed', 'integer', (col) => col.notNull())
    .execute();
  // A post's versions newest first: ids are UUIDv7, in the order they were made.
  await db.schema.createIndex('post_versions_post').on('post_versions').columns(['post_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_versions').execute();
}
