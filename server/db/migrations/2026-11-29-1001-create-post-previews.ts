import type { Kysely } from 'kysely';

/**
 * Preview links (docs/decisions/0075-preview-links.md): a secret token per link that shows an
 * unpublished post to whoever has it. Deleting the post deletes its links.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_previews')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('token', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_by', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('post_previews_post').on('post_previews').column('post_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_previews').execute();
}
