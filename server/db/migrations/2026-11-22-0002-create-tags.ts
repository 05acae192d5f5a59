import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Topics. `posts.tags` keeps a post's tags in the writer's order (space-separated, since a
 * normalized tag has no spaces): every read gets them with the row, and the search index reads them
 * from it. `post_tags` is the same set as rows, keyed (tag, post_id) so a topic's newest-first page
 * is a backward walk of one index, like every list. `tags.post_count` is kept by the write's own
 * transaction, so the most used tags are an index walk too, never a count over post_tags.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Tags compare and sort by code point on both databases (SQLite's default), so a prefix is a
  // range of the primary key whatever the PostgreSQL database's locale.
  const tagType = postgres ? sql`varchar(30) collate "C"` : sql`varchar(30)`;

  await db.schema
    .alterTable('posts')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo(''))
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('name', tagType, (col) => col.primaryKey())
    .addColumn('post_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // The most used tags, ties by name: GET /api/tags and the side panel walk this index.
  await db.schema
    .createIndex('tags_post_count_name')
    .on('tags')
    .columns(['post_count desc', 'name'])
    .execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('tag', tagType, (col) => col.notNull().references('tags.name'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('post_tags_pk', ['tag', 'post_id'])
    .execute();
  // A post's own tags: edits compare against them, and deleting a post cascades through them.
  await db.schema.createIndex('post_tags_post_id_tag').on('post_tags').columns(['post_id', 'tag']).execute();

  await db.schema
    .createTable('tag_follows')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag', tagType, (col) => col.notNull().references('tags.name'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('tag_follows_pk', ['user_id', 'tag'])
    .execute();
  await db.schema
    .createIndex('tag_follows_tag_user_id')
    .on('tag_follows')
    .columns(['tag', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tag_follows').execute();
  await db.schema.dropTable('post_tags').execute();
  await db.schema.dropTable('tags').execute();
  await db.schema.alterTable('posts').dropColumn('tags').execute();
}
