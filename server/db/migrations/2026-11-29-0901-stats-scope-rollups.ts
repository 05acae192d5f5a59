import { sql, type Kysely } from 'kysely';

/**
 * A writer's and a publication's figures kept added up as they are counted
 * (docs/decisions/0074-stats-rollups.md), so a year's report reads hundreds of rows, not the
 * hundreds of thousands of its pages' rows. Each is added to by the same flush, in the same
 * transaction, as the per-page rows it sums (`count = count + excluded.count`), so several
 * instances stay exact. `scope` is `author:ID` or `pub:ID`, as in stats_scope_visitors.
 *
 * - stats_scope_days: views and reads per scope per UTC day (kept, as stats_days).
 * - stats_scope_hours: the same per UTC hour (kept 30 days, as stats_hours).
 * - stats_scope_day_sources: per scope per day, views and reads by source, device and browser.
 * - stats_post_months: per post per UTC month (`YYYY-MM`), its day rows added up, with the post's
 *   writer and blog as its day rows carry them; stats_post_blocks the same per block of days (the
 *   1st–8th, 9th–16th, 17th–24th, 25th–end, keyed by the first): top posts over a year read
 *   whole months, whole blocks of the partial months, and the few days left.
 *
 * Existing rows are added up into them here, on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('stats_scope_days')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_scope_days_pk', ['scope', 'day'])
    .execute();

  await db.schema
    .createTable('stats_scope_hours')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('hour', 'varchar(13)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_scope_hours_pk', ['scope', 'hour'])
    .execute();
  // The retention job deletes by time.
  await db.schema.createIndex('stats_scope_hours_hour').on('stats_scope_hours').column('hour').execute();

  await db.schema
    .createTable('stats_scope_day_sources')
    .addColumn('scope', 'varchar(64)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('dimension', 'varchar(8)', (col) => col.notNull())
    .addColumn('value', 'varchar(64)', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('stats_scope_day_sources_pk', ['scope', 'day', 'dimension', 'value'])
    .execute();

  for (const [table, period] of [
    ['stats_post_months', 'month'],
    ['stats_post_blocks', 'block'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('post_id', 'varchar(36)', (col) => col.notNull())
      .addColumn(period, 'varchar(10)', (col) => col.notNull())
      .addColumn('author_id', 'varchar(36)')
      .addColumn('publication_id', 'varchar(36)')
      .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('reads', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('visitors', 'integer', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', period])
      .execute();
    for (const owner of ['author_id', 'publication_id'] as const) {
      await db.schema.createIndex(`${table}_${owner}`).on(table).columns([owner, period]).execute();
    }
  }

  await rebuildStatsRollups(db);
}

/**
 * Sets every rollup to the sum of the per-page rows it stands for. The migration's backfill; also
 * safe to run again (it sets, it does not add) when nothing is being counted meanwhile.
 */
export async function rebuildStatsRollups(db: Kysely<any>): Promise<void> {
  const scopes = [
    { prefix: 'author:', column: 'author_id' },
    { prefix: 'pub:', column: 'publication_id' },
  ];
  for (const { prefix, column } of scopes) {
    const scope = sql`${prefix} || ${sql.ref(column)}`;
    const owned = sql`${sql.ref(column)} is not null`;
    // `where` before `on conflict`: SQLite would otherwise read the ON as a join's.
    await sql`insert into stats_scope_days (scope, day, views, reads)
      select ${scope}, day, sum(views), sum(reads) from stats_days where ${owned}
      group by ${sql.ref(column)}, day
      on conflict (scope, day) do update set views = excluded.views, reads = excluded.reads`.execute(db);
    await sql`insert into stats_scope_hours (scope, hour, views, reads)
      select ${scope}, hour, sum(views), sum(reads) from stats_hours where ${owned}
      group by ${sql.ref(column)}, hour
      on conflict (scope, hour) do update set views = excluded.views, reads = excluded.reads`.execute(db);
    await sql`insert into stats_scope_day_sources (scope, day, dimension, value, views, reads)
      select ${scope}, day, dimension, value, sum(views), sum(reads) from stats_day_sources where ${owned}
      group by ${sql.ref(column)}, day, dimension, value
      on conflict (scope, day, dimension, value) do update set views = excluded.views, reads = excluded.reads`.execute(
      db,
    );
  }
  // A post's writer and blog never change while it is counted (only an account's deletion clears
  // the writer, on every row of the post at once), so a month or block has one owner.
  const block = sql`substr(day, 1, 8) || case when substr(day, 9, 2) >= '25' then '25'
    when substr(day, 9, 2) >= '17' then '17' when substr(day, 9, 2) >= '09' then '09' else '01' end`;
  for (const [table, period, of] of [
    ['stats_post_months', 'month', sql`substr(day, 1, 7)`],
    ['stats_post_blocks', 'block', block],
  ] as const) {
    await sql`insert into ${sql.table(table)} (post_id, ${sql.ref(period)}, author_id, publication_id, views, reads, visitors)
      select page_id, ${of}, max(author_id), max(publication_id), sum(views), sum(reads), sum(visitors)
      from stats_days where page_kind = 'post'
      group by page_id, ${of}
      on conflict (post_id, ${sql.ref(period)}) do update set author_id = excluded.author_id,
        publication_id = excluded.publication_id, views = excluded.views, reads = excluded.reads,
        visitors = excluded.visitors`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'stats_post_months',
    'stats_scope_day_sources',
    'stats_scope_hours',
    'stats_scope_days',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
