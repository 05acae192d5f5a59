import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * Readers' counts for writers (docs/decisions/0063-first-party-stats.md): aggregates only, never an
 * event or a person. A page is a post, a profile or a publication's home (`page_kind`, `page_id`);
 * `author_id` and `publication_id` say whose it was when it was read, so a writer's or a
 * publication's figures are one indexed range. Every count is added to (`count = count + n`) by
 * each instance's batches, so several instances sum exactly.
 *
 * - stats_hours: views and reads per page per UTC hour (kept 30 days: today's hourly chart).
 * - stats_days: views, reads and unique visitors per page per UTC day (kept).
 * - stats_day_sources: per page per day, views and reads by source, device class and browser.
 * - stats_scope_visitors: unique visitors per day of a writer's or a publication's pages together.
 * - stats_salts: the day's random salt of the visitor hash; deleted once the day is over.
 * - stats_visitor_hashes: today's salted hashes, per page or scope, to count each visitor once a
 *   day; deleted with the salt.
 * - stats_live: the hash of a visitor and when they were last seen, for the last 30 minutes' count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const owned = (table: CreateTableBuilder<any, any>) =>
    table
      .addColumn('page_kind', 'varchar(16)', (col) => col.notNull())
      .addColumn('page_id', 'varchar(36)', (col) => col.notNull())
      .addColumn('author_id', 'varchar(36)')
      .addColumn('publication_id', 'varchar(36)');

  await owned(db.schema.createTable('stats_hours').addColumn('hour', 'varchar(13)', (col) => col.notNull()))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_hours_pk', ['page_kind', 'page_id', 'hour'])
    .execute();

  await owned(db.schema.createTable('stats_days').addColumn('day', 'varchar(10)', (col) => col.notNull()))
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('visitors', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_days_pk', ['page_kind', 'page_id', 'day'])
    .execute();

  await owned(
    db.schema.createTable('stats_day_sources').addColumn('day', 'varchar(10)', (col) => col.notNull()),
  )
    .addColumn('dimension', 'varchar(8)', (col) => col.notNull())
    .addColumn('value', 'varchar(64)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_day_sources_pk', ['page_kind', 'page_id', 'day', 'dimension', 'value'])
    .execute();

  // A writer's and a publication's figures are read by owner and time.
  for (const [table, time] of [
    ['stats_hours', 'hour'],
    ['stats_days', 'day'],
    ['stats_day_sources', 'day'],
  ] as const) {
    for (const owner of ['author_id', 'publication_id'] as const) {
      await db.schema.createIndex(`${table}_${owner}`).on(table).columns([owner, time]).execute();
    }
    // The retention job deletes by time.
    await db.schema.createIndex(`${table}_${time}`).on(table).column(time).execute();
  }

  await db.schema
    .createTable('stats_scope_visitors')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('visitors', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_scope_visitors_pk', ['scope', 'day'])
    .execute();

  await db.schema
    .createTable('stats_salts')
    .addColumn('day', 'varchar(10)', (col) => col.primaryKey())
    .addColumn('salt', 'varchar(64)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('stats_visitor_hashes')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('hash', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('stats_visitor_hashes_pk', ['scope', 'day', 'hash'])
    .execute();
  await db.schema.createIndex('stats_visitor_hashes_day').on('stats_visitor_hashes').column('day').execute();

  await db.schema
    .createTable('stats_live')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('hash', 'varchar(32)', (col) => col.notNull())
    .addColumn('seen_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('stats_live_pk', ['scope', 'hash'])
    .execute();
  await db.schema.createIndex('stats_live_seen').on('stats_live').columns(['scope', 'seen_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stats_live',
    'stats_visitor_hashes',
    'stats_salts',
    'stats_scope_visitors',
    'stats_day_sources',
    'stats_days',
    'stats_hours',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
