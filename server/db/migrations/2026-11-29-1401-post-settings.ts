import { sql, type Kysely } from 'kysely';

/**
 * A post's own settings (docs/decisions/0079-post-settings.md):
 * - slug: its address on its blog's site, unique within the blog (coalesce(publication_id,
 *   author_id), the blog a post is in); null until it is first published or given one.
 * - meta_title, meta_description: what search engines and link previews show; null: the title and summary.
 * - social_image_id: the link previews' picture, apart from the cover; deleting the picture drops it.
 * - canonical_url: where the post was first published, for a copy published here too.
 * - post_slug_redirects: the addresses a post had before, each answering 301 to its current one.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('slug', 'varchar(100)').execute();
  await db.schema.alterTable('posts').addColumn('meta_title', 'varchar(200)').execute();
  await db.schema.alterTable('posts').addColumn('meta_description', 'varchar(300)').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('social_image_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('posts').addColumn('canonical_url', 'varchar(2000)').execute();
  // Both databases index the expression and let any number of posts have no slug (nulls are distinct).
  await sql`create unique index posts_blog_slug on posts (coalesce(publication_id, author_id), slug)`.execute(
    db,
  );
  await db.schema
    .createTable('post_slug_redirects')
    .addColumn('blog_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('slug', 'varchar(100)', (col) => col.notNull())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('post_slug_redirects_pk', ['blog_id', 'slug'])
    .execute();
  await db.schema
    .createIndex('post_slug_redirects_post')
    .on('post_slug_redirects')
    .column('post_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_slug_redirects').execute();
  await sql`drop index posts_blog_slug`.execute(db);
  await db.schema.alterTable('posts').dropColumn('canonical_url').execute();
  await db.schema.alterTable('posts').dropColumn('social_image_id').execute();
  await db.schema.alterTable('posts').dropColumn('meta_description').execute();
  await db.schema.alterTable('posts').dropColumn('meta_title').execute();
  await db.schema.alterTable('posts').dropColumn('slug').execute();
}
