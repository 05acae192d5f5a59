import { sql, type Kysely, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { DatabaseSchema, StatsPageKind } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { countAll } from '../../db/sql-helpers';
import { publiclyVisible } from '../posts/post-visibility';

/** Whose a page is: a writer's (their post or profile), a publication's (a post in it, its home), or both. */
export interface PageOwner {
  kind: StatsPageKind;
  id: string;
  authorId: string | null;
  publicationId: string | null;
}

export interface CountRow extends PageOwner {
  views: number;
  reads: number;
}

/** One flush of one instance's buffer, already added up; every count is added to what is stored. */
export interface StatsBatch {
  hours: (CountRow & { hour: string })[];
  days: (CountRow & { day: string })[];
  sources: (CountRow & { day: string; dimension: 'source' | 'device' | 'browser'; value: string })[];
  /** Today's visitor hashes by scope; `page` when the scope is one page's (its visitors go on its day row). */
  visitors: { scope: string; day: string; hash: string; page: PageOwner | undefined }[];
  live: { scope: string; hash: string; seenAt: string }[];
}

/** Which rows a report adds up: one post, a writer's pages, or a publication's. */
export type StatsScope =
  | { kind: 'post'; postId: string }
  | { kind: 'writer'; userId: string }
  | { kind: 'publication'; publicationId: string };

export interface Totals {
  views: number;
  reads: number;
  visitors: number;
}

export interface SeriesRow {
  at: string;
  views: number;
  reads: number;
  visitors: number | null;
}

export interface ShareRow {
  dimension: 'source' | 'device' | 'browser';
  value: string;
  views: number;
  reads: number;
}

export interface TopPostRow extends Totals {
  id: string;
  title: string;
}

export interface CsvRow extends Totals {
  day: string;
  kind: StatsPageKind;
  id: string;
  title: string | null;
}

/** Rows per statement: well under SQLite's limit of bound values, and small enough to lock briefly. */
const CHUNK = 400;

const total = (column: string) => sql<number>`cast(coalesce(sum(${sql.ref(column)}), 0) as integer)`;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
}

/** A stable order of rows by their key: two instances writing the same rows lock them in one order. */
function sortedBy<T>(rows: T[], key: (row: T) => string): T[] {
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Scope names of the visitor hashes and the per-scope visitor counts. */
export const scopeName = {
  page: (page: { kind: StatsPageKind; id: string }) => `page:${page.kind}:${page.id}`,
  writer: (userId: string) => `author:${userId}`,
  publication: (publicationId: string) => `pub:${publicationId}`,
};

type StatsTable = 'stats_hours' | 'stats_days' | 'stats_day_sources';

/**
 * The only place that reads and writes the stats tables. Writes add (`count = count + excluded`),
 * so each instance's batches sum exactly whatever the order; a visitor is counted once a day per
 * scope by the unique key of the hash rows, whose inserts say which were new.
 */
export class StatsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The day's salt: made by whichever instance asks first, the same for all after that. */
  async saltOf(day: string, fresh: string): Promise<string> {
    await this.db
      .insertInto('stats_salts')
      .values({ day, salt: fresh })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('stats_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  /** The pages among `refs` that can be counted now (public posts, active accounts, publications), with their owners. */
  async owners(refs: { kind: StatsPageKind; id: string }[], now: string): Promise<PageOwner[]> {
    const ids = (kind: StatsPageKind) => [
      ...new Set(refs.filter((ref) => ref.kind === kind).map((ref) => ref.id)),
    ];
    const found: PageOwner[] = [];
    for (const chunk of chunks(ids('post'))) {
      const rows = await this.db
        .selectFrom('posts')
        .select(['id', 'author_id', 'publication_id'])
        .where('id', 'in', chunk)
        .where(publiclyVisible('posts', now))
        .execute();
      for (const row of rows) {
        // A post outside a team's publication is in its writer's own blog, whose id is theirs.
        found.push({
          kind: 'post',
          id: row.id,
          authorId: row.author_id,
          publicationId: row.publication_id ?? row.author_id,
        });
      }
    }
    for (const chunk of chunks(ids('profile'))) {
      const rows = await this.db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', chunk)
        .where('suspended_at', 'is', null)
        .execute();
      for (const row of rows)
        found.push({ kind: 'profile', id: row.id, authorId: row.id, publicationId: null });
    }
    for (const chunk of chunks(ids('publication'))) {
      const rows = await this.db
        .selectFrom('publications')
        .select(['id', 'personal_user_id'])
        .where('id', 'in', chunk)
        .execute();
      for (const row of rows) {
        found.push({
          kind: 'publication',
          id: row.id,
          authorId: row.personal_user_id,
          publicationId: row.id,
        });
      }
    }
    return found;
  }

  /** Adds one batch, all of it or (on an error) none of it. */
  async write(batch: StatsBatch): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      // 1. Which of today's visitors are new to each scope: only the inserted hashes come back.
      const fresh = new Map<string, number>();
      const visitors = sortedBy(batch.visitors, (row) => `${row.scope} ${row.day} ${row.hash}`);
      const pages = new Map(visitors.map((row) => [`${row.scope} ${row.day}`, row.page]));
      for (const chunk of chunks(visitors)) {
        const inserted = await trx
          .insertInto('stats_visitor_hashes')
          .values(chunk.map(({ scope, day, hash }) => ({ scope, day, hash })))
          .onConflict((conflict) => conflict.columns(['scope', 'day', 'hash']).doNothing())
          .returning(['scope', 'day'])
          .execute();
        for (const row of inserted) {
          const key = `${row.scope} ${row.day}`;
          fresh.set(key, (fresh.get(key) ?? 0) + 1);
        }
      }

      // 2. A page's new visitors go on its day row; a writer's or publication's on their scope row.
      const dayRows = new Map(
        batch.days.map((row) => [`${scopeName.page(row)} ${row.day}`, { ...row, visitors: 0 }]),
      );
      const scopeRows: { scope: string; day: string; visitors: number }[] = [];
      for (const [key, count] of fresh) {
        const page = pages.get(key);
        const [scope = '', day = ''] = key.split(' ');
        if (page) {
          const row = dayRows.get(key);
          if (row) row.visitors += count;
          else dayRows.set(key, { ...page, day, views: 0, reads: 0, visitors: count });
        } else {
          scopeRows.push({ scope, day, visitors: count });
        }
      }

      const owner = (row: PageOwner) => ({
        page_kind: row.kind,
        page_id: row.id,
        author_id: row.authorId,
        publication_id: row.publicationId,
      });
      for (const chunk of chunks(
        sortedBy([...dayRows.values()], (row) => `${row.kind} ${row.id} ${row.day}`),
      )) {
        await trx
          .insertInto('stats_days')
          .values(
            chunk.map((row) => ({
              ...owner(row),
              day: row.day,
              views: row.views,
              reads: row.reads,
              visitors: row.visitors,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['page_kind', 'page_id', 'day']).doUpdateSet((eb) => ({
              views: eb('stats_days.views', '+', eb.ref('excluded.views')),
              reads: eb('stats_days.reads', '+', eb.ref('excluded.reads')),
              visitors: eb('stats_days.visitors', '+', eb.ref('excluded.visitors')),
            })),
          )
          .execute();
      }
      for (const chunk of chunks(sortedBy(scopeRows, (row) => `${row.scope} ${row.day}`))) {
        await trx
          .insertInto('stats_scope_visitors')
          .values(chunk)
          .onConflict((conflict) =>
            conflict.columns(['scope', 'day']).doUpdateSet((eb) => ({
              visitors: eb('stats_scope_visitors.visitors', '+', eb.ref('excluded.visitors')),
            })),
          )
          .execute();
      }
      for (const chunk of chunks(sortedBy(batch.hours, (row) => `${row.kind} ${row.id} ${row.hour}`))) {
        await trx
          .insertInto('stats_hours')
          .values(chunk.map((row) => ({ ...owner(row), hour: row.hour, views: row.views, reads: row.reads })))
          .onConflict((conflict) =>
            conflict.columns(['page_kind', 'page_id', 'hour']).doUpdateSet((eb) => ({
              views: eb('stats_hours.views', '+', eb.ref('excluded.views')),
              reads: eb('stats_hours.reads', '+', eb.ref('excluded.reads')),
            })),
          )
          .execute();
      }
      const sourceKey = (row: StatsBatch['sources'][number]) =>
        `${row.kind} ${row.id} ${row.day} ${row.dimension} ${row.value}`;
      for (const chunk of chunks(sortedBy(batch.sources, sourceKey))) {
        await trx
          .insertInto('stats_day_sources')
          .values(
            chunk.map((row) => ({
              ...owner(row),
              day: row.day,
              dimension: row.dimension,
              value: row.value,
              views: row.views,
              reads: row.reads,
            })),
          )
          .onConflict((conflict) =>
            conflict.columns(['page_kind', 'page_id', 'day', 'dimension', 'value']).doUpdateSet((eb) => ({
              views: eb('stats_day_sources.views', '+', eb.ref('excluded.views')),
              reads: eb('stats_day_sources.reads', '+', eb.ref('excluded.reads')),
            })),
          )
          .execute();
      }
      for (const chunk of chunks(sortedBy(batch.live, (row) => `${row.scope} ${row.hash}`))) {
        await trx
          .insertInto('stats_live')
          .values(chunk.map((row) => ({ scope: row.scope, hash: row.hash, seen_at: row.seenAt })))
          .onConflict((conflict) =>
            conflict.columns(['scope', 'hash']).doUpdateSet({
              // The later of the two sightings: another instance may have written a newer one.
              seen_at: sql`case when excluded.seen_at > stats_live.seen_at then excluded.seen_at else stats_live.seen_at end`,
            }),
          )
          .execute();
      }
    });
  }

  /** The rows of `table` a scope adds up (the three tables share these columns). */
  private scoped(scope: StatsScope, table: StatsTable): RawBuilder<SqlBool> {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    switch (scope.kind) {
      case 'post':
        return sql<SqlBool>`(${column('page_kind')} = 'post' and ${column('page_id')} = ${scope.postId})`;
      case 'writer':
        return sql<SqlBool>`${column('author_id')} = ${scope.userId}`;
      case 'publication':
        return sql<SqlBool>`${column('publication_id')} = ${scope.publicationId}`;
    }
  }

  /** Unique visitors per day of all a writer's or a publication's pages together. */
  async scopeVisitors(scopeKey: string, fromDay: string, toDay: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('stats_scope_visitors')
      .select(['day', 'visitors'])
      .where('scope', '=', scopeKey)
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .execute();
    return new Map(rows.map((row) => [row.day, row.visitors]));
  }

  async dailySeries(scope: StatsScope, fromDay: string, toDay: string): Promise<SeriesRow[]> {
    const rows = await this.db
      .selectFrom('stats_days')
      .select([
        'day',
        total('views').as('views'),
        total('reads').as('reads'),
        total('visitors').as('visitors'),
      ])
      .where(this.scoped(scope, 'stats_days'))
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy('day')
      .execute();
    return rows.map((row) => ({ at: row.day, views: row.views, reads: row.reads, visitors: row.visitors }));
  }

  async hourlySeries(scope: StatsScope, fromHour: string, toHour: string): Promise<SeriesRow[]> {
    const rows = await this.db
      .selectFrom('stats_hours')
      .select(['hour', total('views').as('views'), total('reads').as('reads')])
      .where(this.scoped(scope, 'stats_hours'))
      .where('hour', '>=', fromHour)
      .where('hour', '<=', toHour)
      .groupBy('hour')
      .execute();
    return rows.map((row) => ({ at: row.hour, views: row.views, reads: row.reads, visitors: null }));
  }

  /** Views and reads by source, device class and browser, most viewed first, `limit` of each. */
  async shares(scope: StatsScope, fromDay: string, toDay: string, limit: number): Promise<ShareRow[]> {
    const rows = await this.db
      .selectFrom('stats_day_sources')
      .select(['dimension', 'value', total('views').as('views'), total('reads').as('reads')])
      .where(this.scoped(scope, 'stats_day_sources'))
      .where('day', '>=', fromDay)
      .where('day', '<=', toDay)
      .groupBy(['dimension', 'value'])
      .orderBy('views', 'desc')
      .orderBy('value')
      .execute();
    const kept = new Map<string, number>();
    return rows.filter((row) => {
      const seen = kept.get(row.dimension) ?? 0;
      kept.set(row.dimension, seen + 1);
      return seen < limit;
    });
  }

  async topPosts(scope: StatsScope, fromDay: string, toDay: string, limit: number): Promise<TopPostRow[]> {
    const rows = await this.db
      .selectFrom('stats_days')
      .innerJoin('posts', 'posts.id', 'stats_days.page_id')
      .select([
        'posts.id',
        'posts.title',
        total('stats_days.views').as('views'),
        total('stats_days.reads').as('reads'),
        total('stats_days.visitors').as('visitors'),
      ])
      .where(this.scoped(scope, 'stats_days'))
      .where('stats_days.page_kind', '=', 'post')
      .where('stats_days.day', '>=', fromDay)
      .where('stats_days.day', '<=', toDay)
      .groupBy(['posts.id', 'posts.title'])
      .orderBy('views', 'desc')
      .orderBy('posts.id')
      .limit(limit)
      .execute();
    return rows;
  }

  /** Every page's figures for every day with any, for the CSV export. */
  async csvRows(scope: StatsScope, fromDay: string, toDay: string): Promise<CsvRow[]> {
    const rows = await this.db
      .selectFrom('stats_days')
      .leftJoin('posts', (join) =>
        join.onRef('posts.id', '=', 'stats_days.page_id').on('stats_days.page_kind', '=', 'post'),
      )
      .select([
        'stats_days.day',
        'stats_days.page_kind',
        'stats_days.page_id',
        'posts.title',
        'stats_days.views',
        'stats_days.reads',
        'stats_days.visitors',
      ])
      .where(this.scoped(scope, 'stats_days'))
      .where('stats_days.day', '>=', fromDay)
      .where('stats_days.day', '<=', toDay)
      .orderBy('stats_days.day')
      .orderBy('stats_days.page_kind')
      .orderBy('stats_days.page_id')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      kind: row.page_kind,
      id: row.page_id,
      title: row.title,
      views: row.views,
      reads: row.reads,
      visitors: row.visitors,
    }));
  }

  /** Visitors seen under `scopeKey` since `since`. */
  async live(scopeKey: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('stats_live')
      .select(countAll().as('count'))
      .where('scope', '=', scopeKey)
      .where('seen_at', '>=', since)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  /** The post's title and who may see its figures; undefined when there is no such post. */
  findPost(
    id: string,
  ): Promise<{ id: string; title: string; author_id: string; publication_id: string | null } | undefined> {
    return this.db
      .selectFrom('posts')
      .select(['id', 'title', 'author_id', 'publication_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /**
   * What is kept only briefly: today's salt and hashes outlive the day by nothing (`beforeDay` is
   * today), live sightings by `liveSince`, hourly rows by `hoursBefore` (30 days).
   */
  async forget(limits: { beforeDay: string; liveSince: string; hoursBefore: string }): Promise<number> {
    return inTransaction(this.db, async (trx) => {
      const results = [
        await trx.deleteFrom('stats_salts').where('day', '<', limits.beforeDay).executeTakeFirst(),
        await trx.deleteFrom('stats_visitor_hashes').where('day', '<', limits.beforeDay).executeTakeFirst(),
        await trx.deleteFrom('stats_live').where('seen_at', '<', limits.liveSince).executeTakeFirst(),
        await trx.deleteFrom('stats_hours').where('hour', '<', limits.hoursBefore).executeTakeFirst(),
      ];
      return results.reduce((sum, result) => sum + Number(result.numDeletedRows), 0);
    });
  }
}

/**
 * A departing account's figures, inside its deletion's transaction: every row of its pages (its
 * posts, its profile, its own blog) and of its writer and blog scopes go. With `keep`, the posts
 * it wrote in a team's publication stay and so do their figures, which are the team's: they are
 * kept without the writer's id, as the posts are kept under "former member".
 */
export async function removeStatsOf(
  trx: Transaction<DatabaseSchema>,
  userId: string,
  content: 'delete' | 'keep',
): Promise<void> {
  for (const table of ['stats_hours', 'stats_days', 'stats_day_sources'] as const) {
    await trx
      .deleteFrom(table)
      .where((eb) =>
        eb.or([
          eb('publication_id', '=', userId),
          content === 'delete'
            ? eb('author_id', '=', userId)
            : eb.and([eb('author_id', '=', userId), eb('publication_id', 'is', null)]),
        ]),
      )
      .execute();
    if (content === 'keep') {
      await trx.updateTable(table).set({ author_id: null }).where('author_id', '=', userId).execute();
    }
  }
  const scopes = [scopeName.writer(userId), scopeName.publication(userId)];
  await trx.deleteFrom('stats_scope_visitors').where('scope', 'in', scopes).execute();
  await trx.deleteFrom('stats_visitor_hashes').where('scope', 'in', scopes).execute();
  await trx.deleteFrom('stats_live').where('scope', 'in', scopes).execute();
}
