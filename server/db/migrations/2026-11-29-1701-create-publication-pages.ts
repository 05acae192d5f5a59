import type { Kysely } from 'kysely';

/**
 * A publication's own pages (docs/decisions/0083-publication-site-pages-navigation-look.md): About,
 * Contact… each with a title, an address unique in its publication, a Markdown body and a status.
 * Deleting the publication deletes its pages. Kept apart from `posts`, so no post list, feed,
 * search or the main sitemap can ever meet one.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('publication_pages')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('slug', 'varchar(60)', (col) => col.notNull())
    .addColumn('title', 'varchar(120)', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // The site reads a page by its address; the unique key is also what refuses a second one.
  await db.schema
    .createIndex('publication_pages_address')
    .on('publication_pages')
    .columns(['publication_id', 'slug'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('publication_pages').execute();
}
