import type { Kysely } from 'kysely';

/**
 * Series (docs/decisions/0078-series.md): an ordered set of posts with a title and description,
 * a writer's own (publication_id null) or a publication's. A post is in at most one series;
 * `position` orders its parts (0, 1, 2…). Deleting the series, its writer, its publication or the
 * post deletes the rows that depend on it.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.references('publications.id').onDelete('cascade'),
    )
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('series_owner').on('series').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('series_publication').on('series').columns(['publication_id', 'id']).execute();

  await db.schema
    .createTable('series_posts')
    .addColumn('series_id', 'varchar(36)', (col) => col.notNull().references('series.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) =>
      col.notNull().unique().references('posts.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('series_posts_pk', ['series_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('series_posts_order')
    .on('series_posts')
    .columns(['series_id', 'position'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('series_posts').execute();
  await db.schema.dropTable('series').execute();
}
