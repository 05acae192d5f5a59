import type { Kysely } from 'kysely';

/**
 * A publication site's navigation, footer and look
 * (docs/decisions/0083-publication-site-pages-navigation-look.md), on the publication's row:
 * - site_nav: the header's links in order, as JSON `[{label, kind, target}]`; null: the default.
 * - site_footer: the footer's text ('' for none).
 * - home_layout: 'list', 'grid' or 'magazine'.
 * - cover_id: the cover picture on the site's home (a media row); deleting the row leaves none.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publications').addColumn('site_nav', 'text').execute();
  await db.schema
    .alterTable('publications')
    .addColumn('site_footer', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('publications')
    .addColumn('home_layout', 'varchar(16)', (col) => col.notNull().defaultTo('list'))
    .execute();
  await db.schema
    .alterTable('publications')
    .addColumn('cover_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('publications').dropColumn('cover_id').execute();
  await db.schema.alterTable('publications').dropColumn('home_layout').execute();
  await db.schema.alterTable('publications').dropColumn('site_footer').execute();
  await db.schema.alterTable('publications').dropColumn('site_nav').execute();
}
