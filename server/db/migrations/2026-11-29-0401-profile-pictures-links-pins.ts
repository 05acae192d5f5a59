import type { Kysely } from 'kysely';

/**
 * Profiles (docs/decisions/0068-profile-pictures-links-and-pins.md):
 * - picture_id: the uploaded square picture (a media row); deleting the row leaves no picture.
 * - links: the website and up to five profiles elsewhere, as JSON `{website, elsewhere}` of https addresses.
 * - pinned_post_id: the one published post shown first on the profile; deleting the post clears it.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('picture_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('users').addColumn('links', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('pinned_post_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('pinned_post_id').execute();
  await db.schema.alterTable('users').dropColumn('links').execute();
  await db.schema.alterTable('users').dropColumn('picture_id').execute();
}
