import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { DatabaseSchema, StatsPageKind } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { countAll } from '../../db/sql-helpers';
import { publiclyVisible } from '../posts/post-visibility';
import { addDays } from './time-zone';
import { inJsonList, upsertRows, type BulkColumn } from './bulk-rows';

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

const total = (column: string) => sql<number>`cast(coalesce(sum(${sql.ref(column)}), 0) as integer)`;

/**
 * A stable order of rows by their key: two instances writing the same rows lock them in one order.
 * Each row's key is made once, not at every comparison.
 */
function sortedBy<T>(rows: T[], key: (row: T) => string): T[] {
  const keyed = rows.map((row) => ({ key: key(row), row }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map(({ row }) => row);
}

const text = (name: string): BulkColumn => ({ name });
const integer = (name: string): BulkColumn => ({ name, integer: true });
const OWNER_COLUMNS = [text('page_kind'), text('page_id'), text('author_id'), text('publication_id')];
const OWNER_RETURNED = ['page_kind', 'page_id', 'author_id', 'publication_id'] as const;
const COUNTS = ['views', 'reads'] as const;

/** Scope names of the visitor hashes and the per-scope visitor counts. */
export const scopeName = {
  page: (page: { kind: StatsPageKind; id: string }) => `page:${page.kind}:${page.id}`,
  writer: (userId: string) => `author:${userId}`,
  publication: (publicationId: string) => `pub:${publicationId}`,
};

type StatsTable = 'stats_hours' | 'stats_days' | 'stats_day_sources' | PostRollupTable;

/** A post's day rows added up per month, and per block of eight days (the last to the month's end). */
type PostRollupTable = 'stats_post_months' | 'stats_post_blocks';

/** A writer's or a publication's scope name, whose figures the rollups keep added up. */
function rollupScope(scope: StatsScope): string | undefined {
  if (scope.kind === 'writer') return scopeName.writer(scope.userId);
  if (scope.kind === 'publication') return scopeName.publication(scope.publicationId);
  return undefined;
}

/** The scopes a page's counts are added to besides its own: its writer's and its blog's. */
function scopesOf(row: { authorId: string | null; publicationId: string | null }): string[] {
  const scopes: string[] = [];
  if (row.authorId) scopes.push(scopeName.writer(row.authorId));
  if (row.publicationId) scopes.push(scopeName.publication(row.publicationId));
  return scopes;
}

/** Counts added up by key, so each rollup row is written once per flush. */
class Sums<T extends { views: number; reads: number }> {
  private readonly rows = new Map<string, T>();

  add(key: string, row: T): void {
    const seen = this.rows.get(key);
    if (seen) {
      seen.views += row.views;
      seen.reads += row.reads;
    } else {
      this.rows.set(key, { ...row });
    }
  }

  /** In key order: two instances lock the same rows in one order. */
  sorted(): T[] {
    return [...this.rows.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  }
}

interface PostRollupRow {
  post_id: string;
  period: string;
  author_id: string | null;
  publication_id: string | null;
  views: number;
  reads: number;
  visitors: number;
}

interface ScopeRollups {
  days: { scope: string; day: string; views: number; reads: number }[];
  hours: { scope: string; hour: string; views: number; reads: number }[];
  sources: {
    scope: string;
    day: string;
    dimension: 'source' | 'device' | 'browser';
    value: string;
    views: number;
    reads: number;
  }[];
}

/**
 * Adds counts (negative ones too, when an account's pages go) to the writers' and publications'
 * rollups, in key order, as the per-page rows are added to.
 */
async function addToScopes(trx: Transaction<DatabaseSchema>, rollups: ScopeRollups): Promise<void> {
  await upsertRows(
    trx,
    {
      table: 'stats_scope_days',
      columns: [text('scope'), text('day'), integer('views'), integer('reads')],
      key: ['scope', 'day'],
      onConflict: { add: COUNTS },
    },
    rollups.days.map((row) => [row.scope, row.day, row.views, row.reads]),
  );
  await upsertRows(
    trx,
    {
      table: 'stats_scope_hours',
      columns: [text('scope'), text('hour'), integer('views'), integer('reads')],
      key: ['scope', 'hour'],
      onConflict: { add: COUNTS },
    },
    rollups.hours.map((row) => [row.scope, row.hour, row.views, row.reads]),
  );
  await upsertRows(
    trx,
    {
      table: 'stats_scope_day_sources',
      columns: [
        text('scope'),
        text('day'),
        text('dimension'),
        text('value'),
        integer('views'),
        integer('reads'),
      ],
      key: ['scope', 'day', 'dimension', 'value'],
      onConflict: { add: COUNTS },
    },
    rollups.sources.map((row) => [row.scope, row.day, row.dimension, row.value, row.views, row.reads]),
  );
}

/** A rollup row's key and the owners stored on it (those of its first write, unless a move was followed). */
interface StoredOwner {
  post_id: string;
  period: string;
  author_id: string | null;
  publication_id: string | null;
}

/**
 * Adds posts' day rows, added up per month or block, to their rollup, in key order; answers the
 * owners each row holds now, which a post moved since the row's first write no longer has.
 */
async function addToPosts(
  trx: Transaction<DatabaseSchema>,
  table: PostRollupTable,
  rows: PostRollupRow[],
): Promise<StoredOwner[]> {
  const period = table === 'stats_post_months' ? 'month' : 'block';
  const stored = await upsertRows<Record<string, string | null>>(
    trx,
    {
      table,
      columns: [
        text('post_id'),
        text(period),
        text('author_id'),
        text('publication_id'),
        integer('views'),
        integer('reads'),
        integer('visitors'),
      ],
      key: ['post_id', period],
      onConflict: { add: [...COUNTS, 'visitors'] },
      returning: ['post_id', period, 'author_id', 'publication_id'],
    },
    rows.map((row) => [
      row.post_id,
      row.period,
      row.author_id,
      row.publication_id,
      row.views,
      row.reads,
      row.visitors,
    ]),
  );
  return stored.map((row) => ({
    post_id: row.post_id ?? '',
    period: row[period] ?? '',
    author_id: row.author_id ?? null,
    publication_id: row.publication_id ?? null,
  }));
}

/** A page row re-owned by a move: a day's, an hour's, or a day's by source, device or browser. */
interface MovedRow {
  views: number;
  reads: number;
  day?: string;
  hour?: string;
  dimension?: 'source' | 'device' | 'browser';
  value?: string;
}

/** A row held by this blog (NULL for a page that is in none, as a profile). */
function inBlog(publication: string | null): RawBuilder<SqlBool> {
  return publication === null
    ? sql<SqlBool>`publication_id is null`
    : sql<SqlBool>`publication_id = ${publication}`;
}

/**
 * A post moved to another blog since its month's rows were first written (a move keeps its
 * writer): the month's rows of the post (days, hours, sources, blocks, the month) take its blog
 * now, and what they had counted leaves the old blog's rollups for the new one's, in the flush's
 * transaction. Each row is re-owned by an UPDATE that names its old blog, so the counts it answers
 * are the row's own under its lock (PostgreSQL) and stay exact beside other instances' flushes. A
 * month in which a moved post is not counted again stays with the blog it was counted in
 * (decision 0088).
 */
async function followMove(
  trx: Transaction<DatabaseSchema>,
  postId: string,
  month: string,
  publicationId: string,
): Promise<void> {
  const first = `${month}-01`;
  const last = `${month}-31`;
  const days = new Sums<ScopeRollups['days'][number]>();
  const hours = new Sums<ScopeRollups['hours'][number]>();
  const sources = new Sums<ScopeRollups['sources'][number]>();
  const joins = scopeName.publication(publicationId);
  for (const table of ['stats_days', 'stats_hours', 'stats_day_sources'] as const) {
    const period =
      table === 'stats_hours'
        ? sql`hour >= ${`${first}T00`} and hour <= ${`${last}T23`}`
        : sql`day >= ${first} and day <= ${last}`;
    const inMonth = sql<SqlBool>`page_kind = 'post' and page_id = ${postId} and ${period}
      and (publication_id is null or publication_id <> ${publicationId})`;
    const formers = await trx.selectFrom(table).select('publication_id').distinct().where(inMonth).execute();
    for (const { publication_id: former } of formers) {
      const moved = (await trx
        .updateTable(table)
        .set({ publication_id: publicationId })
        .where(inMonth)
        .where(inBlog(former))
        .returningAll()
        .execute()) as MovedRow[];
      const moves = [
        ...(former === null ? [] : [[scopeName.publication(former), -1] as const]),
        [joins, 1] as const,
      ];
      for (const row of moved) {
        for (const [scope, sign] of moves) {
          const counts = { views: sign * row.views, reads: sign * row.reads };
          if (row.hour !== undefined) hours.add(`${scope} ${row.hour}`, { scope, hour: row.hour, ...counts });
          else if (row.dimension !== undefined && row.value !== undefined && row.day !== undefined)
            sources.add(`${scope} ${row.day} ${row.dimension} ${row.value}`, {
              scope,
              day: row.day,
              dimension: row.dimension,
              value: row.value,
              ...counts,
            });
          else if (row.day !== undefined) days.add(`${scope} ${row.day}`, { scope, day: row.day, ...counts });
        }
      }
    }
  }
  await trx
    .updateTable('stats_post_blocks')
    .set({ publication_id: publicationId })
    .where('post_id', '=', postId)
    .where('block', '>=', first)
    .where('block', '<=', last)
    .execute();
  await trx
    .updateTable('stats_post_months')
    .set({ publication_id: publicationId })
    .where('post_id', '=', postId)
    .where('month', '=', month)
    .execute();
  await addToScopes(trx, { days: days.sorted(), hours: hours.sorted(), sources: sources.sorted() });
}

/** The first day of the block of a post's rollup that `day` (YYYY-MM-DD) falls in: the 1st, 9th, 17th or 25th. */
export function blockOf(day: string): string {
  const date = Number(day.slice(8, 10));
  const first = date >= 25 ? 25 : date >= 17 ? 17 : date >= 9 ? 9 : 1;
  return `${day.slice(0, 8)}${String(first).padStart(2, '0')}`;
}

/** The last day of the month or block that begins on `first`. */
function endOf(first: string, unit: 'month' | 'block'): string {
  const date = Number(first.slice(8, 10));
  if (unit === 'block' && date < 25) return addDays(first, 7);
  const next = new Date(`${first.slice(0, 7)}-01T00:00:00.000Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return addDays(next.toISOString().slice(0, 10), -1);
}

export interface Spans {
  /** Whole months, `YYYY-MM`, first and last. */
  months: { from: string; to: string }[];
  /** Whole blocks, by their first days. */
  blocks: { from: string; to: string }[];
  days: { from: string; to: string }[];
}

/**
 * A range of days cut into the whole months inside it, then the whole blocks of the months it
 * only partly covers, then the days left: at most about 12 + 6 + 12 rows a post for any range,
 * where the days alone would be 365.
 */
export function spansOf(fromDay: string, toDay: string): Spans {
  const spans: Spans = { months: [], blocks: [], days: [] };
  // Units of one kind that follow each other make one span; another kind between them starts a new one.
  let previous: keyof Spans | undefined;
  const add = (kind: keyof Spans, key: string) => {
    const last = spans[kind].at(-1);
    if (last && previous === kind) last.to = key;
    else spans[kind].push({ from: key, to: key });
    previous = kind;
  };
  for (let day = fromDay; day <= toDay;) {
    if (day.endsWith('-01') && endOf(day, 'month') <= toDay) {
      add('months', day.slice(0, 7));
      day = addDays(endOf(day, 'month'), 1);
    } else if (blockOf(day) === day && endOf(day, 'block') <= toDay) {
      add('blocks', day);
      day = addDays(endOf(day, 'block'), 1);
    } else {
      add('days', day);
      day = addDays(day, 1);
    }
  }
  return spans;
}

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
    // One statement a kind, whatever the number of pages (bulk-rows.ts).
    const postIds = ids('post');
    if (postIds.length > 0) {
      const rows = await this.db
        .selectFrom('posts')
        .select(['id', 'author_id', 'publication_id'])
        .where(inJsonList(this.db, 'posts.id', postIds))
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
    const profileIds = ids('profile');
    if (profileIds.length > 0) {
      const rows = await this.db
        .selectFrom('users')
        .select('id')
        .where(inJsonList(this.db, 'users.id', profileIds))
        .where('suspended_at', 'is', null)
        .execute();
      for (const row of rows)
        found.push({ kind: 'profile', id: row.id, authorId: row.id, publicationId: null });
    }
    const publicationIds = ids('publication');
    if (publicationIds.length > 0) {
      const rows = await this.db
        .selectFrom('publications')
        .select(['id', 'personal_user_id'])
        .where(inJsonList(this.db, 'publications.id', publicationIds))
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
      const inserted = await upsertRows<{ scope: string; day: string }>(
        trx,
        {
          table: 'stats_visitor_hashes',
          columns: [text('scope'), text('day'), text('hash')],
          key: ['scope', 'day', 'hash'],
          onConflict: 'nothing',
          returning: ['scope', 'day'],
        },
        visitors.map((row) => [row.scope, row.day, row.hash]),
      );
      for (const row of inserted) {
        const key = `${row.scope} ${row.day}`;
        fresh.set(key, (fresh.get(key) ?? 0) + 1);
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

      const owner = (row: PageOwner) => [row.kind, row.id, row.authorId, row.publicationId];
      type Stored = {
        page_kind: string;
        page_id: string;
        author_id: string | null;
        publication_id: string | null;
      };
      // Each page row's owners as stored: a row keeps those of its first write, and the rollups
      // follow the row they add up, so a post moved meanwhile stays exact (decision 0088).
      const storedOwners = new Map<string, { author_id: string | null; publication_id: string | null }>();
      const ownersOf = (key: string, row: PageOwner) => {
        const stored = storedOwners.get(key);
        return stored ? { authorId: stored.author_id, publicationId: stored.publication_id } : row;
      };
      const storedDays = await upsertRows<Stored & { day: string }>(
        trx,
        {
          table: 'stats_days',
          columns: [...OWNER_COLUMNS, text('day'), integer('views'), integer('reads'), integer('visitors')],
          key: ['page_kind', 'page_id', 'day'],
          onConflict: { add: [...COUNTS, 'visitors'] },
          returning: [...OWNER_RETURNED, 'day'],
        },
        sortedBy([...dayRows.values()], (row) => `${row.kind} ${row.id} ${row.day}`).map((row) => [
          ...owner(row),
          row.day,
          row.views,
          row.reads,
          row.visitors,
        ]),
      );
      for (const row of storedDays) storedOwners.set(`${row.page_kind} ${row.page_id} ${row.day}`, row);
      await upsertRows(
        trx,
        {
          table: 'stats_scope_visitors',
          columns: [text('scope'), text('day'), integer('visitors')],
          key: ['scope', 'day'],
          onConflict: { add: ['visitors'] },
        },
        sortedBy(scopeRows, (row) => `${row.scope} ${row.day}`).map((row) => [
          row.scope,
          row.day,
          row.visitors,
        ]),
      );
      const storedHours = await upsertRows<Stored & { hour: string }>(
        trx,
        {
          table: 'stats_hours',
          columns: [...OWNER_COLUMNS, text('hour'), integer('views'), integer('reads')],
          key: ['page_kind', 'page_id', 'hour'],
          onConflict: { add: COUNTS },
          returning: [...OWNER_RETURNED, 'hour'],
        },
        sortedBy(batch.hours, (row) => `${row.kind} ${row.id} ${row.hour}`).map((row) => [
          ...owner(row),
          row.hour,
          row.views,
          row.reads,
        ]),
      );
      for (const row of storedHours) storedOwners.set(`${row.page_kind} ${row.page_id} ${row.hour}`, row);
      const sourceKey = (row: StatsBatch['sources'][number]) =>
        `${row.kind} ${row.id} ${row.day} ${row.dimension} ${row.value}`;
      const storedSources = await upsertRows<Stored & { day: string; dimension: string; value: string }>(
        trx,
        {
          table: 'stats_day_sources',
          columns: [
            ...OWNER_COLUMNS,
            text('day'),
            text('dimension'),
            text('value'),
            integer('views'),
            integer('reads'),
          ],
          key: ['page_kind', 'page_id', 'day', 'dimension', 'value'],
          onConflict: { add: COUNTS },
          returning: [...OWNER_RETURNED, 'day', 'dimension', 'value'],
        },
        sortedBy(batch.sources, sourceKey).map((row) => [
          ...owner(row),
          row.day,
          row.dimension,
          row.value,
          row.views,
          row.reads,
        ]),
      );
      for (const row of storedSources) {
        storedOwners.set(`${row.page_kind} ${row.page_id} ${row.day} ${row.dimension} ${row.value}`, row);
      }
      // 3. The same counts added to the writers' and publications' rollups, and to the posts' months.
      const scopeDays = new Sums<ScopeRollups['days'][number]>();
      for (const row of batch.days) {
        for (const scope of scopesOf(ownersOf(`${row.kind} ${row.id} ${row.day}`, row))) {
          scopeDays.add(`${scope} ${row.day}`, { scope, day: row.day, views: row.views, reads: row.reads });
        }
      }
      const scopeHours = new Sums<ScopeRollups['hours'][number]>();
      for (const row of batch.hours) {
        for (const scope of scopesOf(ownersOf(`${row.kind} ${row.id} ${row.hour}`, row))) {
          scopeHours.add(`${scope} ${row.hour}`, {
            scope,
            hour: row.hour,
            views: row.views,
            reads: row.reads,
          });
        }
      }
      const scopeSources = new Sums<ScopeRollups['sources'][number]>();
      for (const row of batch.sources) {
        for (const scope of scopesOf(ownersOf(sourceKey(row), row))) {
          const { day, dimension, value, views, reads } = row;
          scopeSources.add(`${scope} ${day} ${dimension} ${value}`, {
            scope,
            day,
            dimension,
            value,
            views,
            reads,
          });
        }
      }
      await addToScopes(trx, {
        days: scopeDays.sorted(),
        hours: scopeHours.sorted(),
        sources: scopeSources.sorted(),
      });
      const moved: { postId: string; month: string; publicationId: string }[] = [];
      for (const [table, periodOf] of [
        ['stats_post_months', (day: string) => day.slice(0, 7)],
        ['stats_post_blocks', blockOf],
      ] as const) {
        const sums = new Map<string, PostRollupRow>();
        for (const row of dayRows.values()) {
          if (row.kind !== 'post') continue;
          const period = periodOf(row.day);
          const seen = sums.get(`${row.id} ${period}`);
          if (seen) {
            seen.views += row.views;
            seen.reads += row.reads;
            seen.visitors += row.visitors;
          } else {
            sums.set(`${row.id} ${period}`, {
              post_id: row.id,
              period,
              author_id: row.authorId,
              publication_id: row.publicationId,
              views: row.views,
              reads: row.reads,
              visitors: row.visitors,
            });
          }
        }
        const stored = await addToPosts(
          trx,
          table,
          sortedBy([...sums.values()], (row) => `${row.post_id} ${row.period}`),
        );
        if (table !== 'stats_post_months') continue;
        // A month row whose blog is not the post's now: the post moved since; its month follows it.
        for (const row of stored) {
          const counted = sums.get(`${row.post_id} ${row.period}`);
          if (!counted) continue;
          if (counted.publication_id !== null && row.publication_id !== counted.publication_id) {
            moved.push({ postId: row.post_id, month: row.period, publicationId: counted.publication_id });
          }
        }
      }
      for (const move of sortedBy(moved, (row) => `${row.postId} ${row.month}`)) {
        await followMove(trx, move.postId, move.month, move.publicationId);
      }
      await upsertRows(
        trx,
        {
          table: 'stats_live',
          columns: [text('scope'), text('hash'), text('seen_at')],
          key: ['scope', 'hash'],
          // The later of the two sightings: another instance may have written a newer one.
          onConflict: {
            set: sql`seen_at = case when excluded.seen_at > stats_live.seen_at then excluded.seen_at else stats_live.seen_at end`,
          },
        },
        sortedBy(batch.live, (row) => `${row.scope} ${row.hash}`).map((row) => [
          row.scope,
          row.hash,
          row.seenAt,
        ]),
      );
    });
  }

  /** The rows of `table` a scope adds up (the three tables share these columns). */
  private scoped(scope: StatsScope, table: StatsTable): RawBuilder<SqlBool> {
    const column = (name: string) => sql.ref(`${table}.${name}`);
    switch (scope.kind) {
      case 'post':
        return table === 'stats_post_months' || table === 'stats_post_blocks'
          ? sql<SqlBool>`${column('post_id')} = ${scope.postId}`
          : sql<SqlBool>`(${column('page_kind')} = 'post' and ${column('page_id')} = ${scope.postId})`;
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

  /**
   * Views, reads and (for one page) visitors per day. A writer's or publication's come from their
   * rollup, without visitors: theirs are counted once over all their pages (scopeVisitors).
   */
  async dailySeries(scope: StatsScope, fromDay: string, toDay: string): Promise<SeriesRow[]> {
    const rollup = rollupScope(scope);
    if (rollup) {
      const rows = await this.db
        .selectFrom('stats_scope_days')
        .select(['day', 'views', 'reads'])
        .where('scope', '=', rollup)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
      return rows.map((row) => ({ at: row.day, views: row.views, reads: row.reads, visitors: null }));
    }
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
    const rollup = rollupScope(scope);
    if (rollup) {
      const rows = await this.db
        .selectFrom('stats_scope_hours')
        .select(['hour', 'views', 'reads'])
        .where('scope', '=', rollup)
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour)
        .execute();
      return rows.map((row) => ({ at: row.hour, views: row.views, reads: row.reads, visitors: null }));
    }
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
    const rollup = rollupScope(scope);
    const rows = rollup
      ? await this.db
          .selectFrom('stats_scope_day_sources')
          .select(['dimension', 'value', total('views').as('views'), total('reads').as('reads')])
          .where('scope', '=', rollup)
          .where('day', '>=', fromDay)
          .where('day', '<=', toDay)
          .groupBy(['dimension', 'value'])
          // A departed writer's counts taken off a team's rollup can leave rows of nothing.
          .having((eb) => eb.or([eb(sql`sum(views)`, '<>', 0), eb(sql`sum(reads)`, '<>', 0)]))
          .orderBy('views', 'desc')
          .orderBy('value')
          .execute()
      : await this.db
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

  /**
   * The most viewed posts: whole months from stats_post_months, whole blocks of the partial months
   * from stats_post_blocks, the days left from stats_days, added up per post.
   */
  async topPosts(scope: StatsScope, fromDay: string, toDay: string, limit: number): Promise<TopPostRow[]> {
    const { months, blocks, days } = spansOf(fromDay, toDay);
    const parts: RawBuilder<unknown>[] = [];
    for (const span of months) {
      parts.push(sql`select post_id, views, reads, visitors from stats_post_months
        where ${this.scoped(scope, 'stats_post_months')} and month >= ${span.from} and month <= ${span.to}`);
    }
    for (const span of blocks) {
      parts.push(sql`select post_id, views, reads, visitors from stats_post_blocks
        where ${this.scoped(scope, 'stats_post_blocks')} and block >= ${span.from} and block <= ${span.to}`);
    }
    for (const span of days) {
      parts.push(sql`select page_id as post_id, views, reads, visitors from stats_days
        where ${this.scoped(scope, 'stats_days')} and page_kind = 'post' and day >= ${span.from} and day <= ${span.to}`);
    }
    const counted = sql.join(parts, sql` union all `);
    // Added up per post first, then titled: joining posts inside the sum would have SQLite walk
    // every post. A post deleted since is left out, as the join did.
    const sums = await sql<Totals & { post_id: string }>`select post_id,
        ${total('views')} as views, ${total('reads')} as reads, ${total('visitors')} as visitors
      from (${counted}) counted
      group by post_id
      order by views desc, post_id`.execute(this.db);
    const top: TopPostRow[] = [];
    for (let first = 0; first < sums.rows.length && top.length < limit; first += limit) {
      const candidates = sums.rows.slice(first, first + limit);
      const titles = new Map(
        (
          await this.db
            .selectFrom('posts')
            .select(['id', 'title'])
            .where(
              'id',
              'in',
              candidates.map((row) => row.post_id),
            )
            .execute()
        ).map((row) => [row.id, row.title]),
      );
      for (const row of candidates) {
        const title = titles.get(row.post_id);
        if (title !== undefined && top.length < limit) {
          top.push({ id: row.post_id, title, views: row.views, reads: row.reads, visitors: row.visitors });
        }
      }
    }
    return top;
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
        await trx.deleteFrom('stats_scope_hours').where('hour', '<', limits.hoursBefore).executeTakeFirst(),
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
  const going = (eb: ExpressionBuilder<DatabaseSchema, StatsTable>) =>
    eb.or([
      eb('publication_id', '=', userId),
      content === 'delete'
        ? eb('author_id', '=', userId)
        : eb.and([eb('author_id', '=', userId), eb('publication_id', 'is', null)]),
    ]);
  // Rows that go but were also counted in another scope's rollup (a team's, for the posts they
  // wrote there) are taken off it, by adding their counts negated: still additive, so exact
  // while other instances add.
  await addToScopes(trx, await takenOff(trx, userId, going));
  for (const table of [
    'stats_hours',
    'stats_days',
    'stats_day_sources',
    'stats_post_months',
    'stats_post_blocks',
  ] as const) {
    await trx.deleteFrom(table).where(going).execute();
    if (content === 'keep') {
      await trx.updateTable(table).set({ author_id: null }).where('author_id', '=', userId).execute();
    }
  }
  const scopes = [scopeName.writer(userId), scopeName.publication(userId)];
  for (const table of [
    'stats_scope_visitors',
    'stats_scope_days',
    'stats_scope_hours',
    'stats_scope_day_sources',
    'stats_visitor_hashes',
    'stats_live',
  ] as const) {
    await trx.deleteFrom(table).where('scope', 'in', scopes).execute();
  }
}

/** The counts of the departing rows, negated, for every scope but the departing account's own. */
async function takenOff(
  trx: Transaction<DatabaseSchema>,
  userId: string,
  going: (
    eb: ExpressionBuilder<DatabaseSchema, StatsTable>,
  ) => ReturnType<ExpressionBuilder<DatabaseSchema, StatsTable>['or']>,
): Promise<ScopeRollups> {
  const others = (row: { author_id: string | null; publication_id: string | null }) =>
    scopesOf({ authorId: row.author_id, publicationId: row.publication_id }).filter(
      (scope) => scope !== scopeName.writer(userId) && scope !== scopeName.publication(userId),
    );
  const days = new Sums<ScopeRollups['days'][number]>();
  const dayRows = await trx
    .selectFrom('stats_days')
    .select(['author_id', 'publication_id', 'day', total('views').as('views'), total('reads').as('reads')])
    .where(going)
    .groupBy(['author_id', 'publication_id', 'day'])
    .execute();
  for (const row of dayRows) {
    for (const scope of others(row)) {
      days.add(`${scope} ${row.day}`, { scope, day: row.day, views: -row.views, reads: -row.reads });
    }
  }
  const hours = new Sums<ScopeRollups['hours'][number]>();
  const hourRows = await trx
    .selectFrom('stats_hours')
    .select(['author_id', 'publication_id', 'hour', total('views').as('views'), total('reads').as('reads')])
    .where(going)
    .groupBy(['author_id', 'publication_id', 'hour'])
    .execute();
  for (const row of hourRows) {
    for (const scope of others(row)) {
      hours.add(`${scope} ${row.hour}`, { scope, hour: row.hour, views: -row.views, reads: -row.reads });
    }
  }
  const sources = new Sums<ScopeRollups['sources'][number]>();
  const sourceRows = await trx
    .selectFrom('stats_day_sources')
    .select([
      'author_id',
      'publication_id',
      'day',
      'dimension',
      'value',
      total('views').as('views'),
      total('reads').as('reads'),
    ])
    .where(going)
    .groupBy(['author_id', 'publication_id', 'day', 'dimension', 'value'])
    .execute();
  for (const row of sourceRows) {
    for (const scope of others(row)) {
      const { day, dimension, value } = row;
      sources.add(`${scope} ${day} ${dimension} ${value}`, {
        scope,
        day,
        dimension,
        value,
        views: -row.views,
        reads: -row.reads,
      });
    }
  }
  return { days: days.sorted(), hours: hours.sorted(), sources: sources.sorted() };
}
