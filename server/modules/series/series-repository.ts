import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema, SeriesTable } from '../../db/schema';
import { publiclyListed } from '../posts/post-visibility';
import { inScope } from './series-scope';

export type SeriesRow = SeriesTable;

/** A series with whose it is, as one row. */
export interface SeriesWithOwnerRow extends SeriesRow {
  username: string;
  publication_slug: string | null;
  publication_name: string | null;
}

/** A post in a series, in order. */
export interface SeriesPostRow {
  series_id: string;
  id: string;
  title: string;
  description: string | null;
  content: string;
  published_at: string | null;
  hidden_at: string | null;
  newsletter: string | null;
  position: number;
}

/** What the post read needs: the series and its visible parts' ids and titles, in order. */
export interface PostSeriesRow {
  series_id: string;
  series_title: string;
  id: string;
  title: string;
}

/** The post facts that decide whether it may join a series. */
export interface PostScopeRow {
  id: string;
  author_id: string;
  publication_id: string | null;
  series_id: string | null;
}

/** The series and series_posts tables. */
export class SeriesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema> | Transaction<DatabaseSchema>) {}

  async insert(row: SeriesRow): Promise<void> {
    await this.db.insertInto('series').values(row).execute();
  }

  async update(id: string, fields: Pick<SeriesRow, 'title' | 'description' | 'updated_at'>): Promise<void> {
    await this.db.updateTable('series').set(fields).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('series').where('id', '=', id).execute();
  }

  findById(id: string): Promise<SeriesWithOwnerRow | undefined> {
    return this.withOwner().where('series.id', '=', id).executeTakeFirst();
  }

  /** Series a writer manages: their own, and those of the team publications they own or edit. */
  listManagedBy(userId: string): Promise<SeriesWithOwnerRow[]> {
    return this.withOwner()
      .where((eb) =>
        eb.or([
          eb.and([eb('series.owner_id', '=', userId), eb('series.publication_id', 'is', null)]),
          eb(
            'series.publication_id',
            'in',
            eb
              .selectFrom('publication_members')
              .select('publication_members.publication_id')
              .where('publication_members.user_id', '=', userId)
              .where('publication_members.role', 'in', ['owner', 'editor']),
          ),
        ]),
      )
      .orderBy('series.id', 'desc')
      .execute();
  }

  /**
   * A blog's series with how many parts readers see, newest first, leaving out those with none:
   * a writer's own (`publicationId` null) or a publication's.
   */
  async listPublic(
    scope: { ownerId: string; publicationId: null } | { publicationId: string },
  ): Promise<Array<SeriesRow & { part_count: number }>> {
    const rows = await this.db
      .selectFrom('series')
      .innerJoin('series_posts', 'series_posts.series_id', 'series.id')
      .innerJoin('posts', 'posts.id', 'series_posts.post_id')
      .selectAll('series')
      .select((eb) => eb.fn.countAll<number | string>().as('part_count'))
      .where(publiclyListed('posts'))
      .where(inScope())
      .where((eb) =>
        scope.publicationId === null
          ? eb.and([eb('series.owner_id', '=', scope.ownerId), eb('series.publication_id', 'is', null)])
          : eb('series.publication_id', '=', scope.publicationId),
      )
      .groupBy([
        'series.id',
        'series.owner_id',
        'series.publication_id',
        'series.title',
        'series.description',
        'series.created_at',
        'series.updated_at',
      ])
      .orderBy('series.id', 'desc')
      .execute();
    // PostgreSQL's count is a bigint, which its driver hands over as text.
    return rows.map((row) => ({ ...row, part_count: Number(row.part_count) }));
  }

  /** The series' posts in order: all of them (`visibleOnly` false, for its managers) or readers'. */
  parts(seriesIds: string[], visibleOnly: boolean): Promise<SeriesPostRow[]> {
    if (seriesIds.length === 0) return Promise.resolve([]);
    let query = this.db
      .selectFrom('series_posts')
      .innerJoin('series', 'series.id', 'series_posts.series_id')
      .innerJoin('posts', 'posts.id', 'series_posts.post_id')
      .select([
        'series_posts.series_id',
        'posts.id',
        'posts.title',
        'posts.description',
        'posts.content',
        'posts.published_at',
        'posts.hidden_at',
        'posts.newsletter',
        'series_posts.position',
      ])
      .where('series_posts.series_id', 'in', seriesIds)
      .where(inScope());
    if (visibleOnly) query = query.where(publiclyListed('posts'));
    return query.orderBy('series_posts.series_id').orderBy('series_posts.position').execute();
  }

  /**
   * The post read's series, in one query: the series `postId` is in and its parts readers can see,
   * in order (none when the post is in no series).
   */
  postSeries(postId: string): Promise<PostSeriesRow[]> {
    return this.db
      .selectFrom('series_posts as mine')
      .innerJoin('series', 'series.id', 'mine.series_id')
      .innerJoin('series_posts', 'series_posts.series_id', 'series.id')
      .innerJoin('posts', 'posts.id', 'series_posts.post_id')
      .select(['series.id as series_id', 'series.title as series_title', 'posts.id', 'posts.title'])
      .where('mine.post_id', '=', postId)
      .where(publiclyListed('posts'))
      .where(inScope())
      .orderBy('series_posts.position')
      .execute();
  }

  /**
   * Posts that may join a series: its blog's (the writer's own, or the publication's), drafts too,
   * in no series yet, newest first, at most `limit`.
   */
  candidates(
    scope: { ownerId: string; publicationId: null } | { publicationId: string },
    limit: number,
  ): Promise<Array<Omit<SeriesPostRow, 'series_id' | 'position'>>> {
    return this.db
      .selectFrom('posts')
      .leftJoin('series_posts', 'series_posts.post_id', 'posts.id')
      .select([
        'posts.id',
        'posts.title',
        'posts.description',
        'posts.content',
        'posts.published_at',
        'posts.hidden_at',
        'posts.newsletter',
      ])
      .where('series_posts.post_id', 'is', null)
      .where((eb) =>
        scope.publicationId === null
          ? eb.and([eb('posts.author_id', '=', scope.ownerId), eb('posts.publication_id', 'is', null)])
          : eb('posts.publication_id', '=', scope.publicationId),
      )
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The posts named, with the series each is in now. */
  postScopes(postIds: string[]): Promise<PostScopeRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('posts')
      .leftJoin('series_posts', 'series_posts.post_id', 'posts.id')
      .select(['posts.id', 'posts.author_id', 'posts.publication_id', 'series_posts.series_id'])
      .where('posts.id', 'in', postIds)
      .execute();
  }

  /** Makes `postIds`, in this order, the series' whole list of posts. */
  async replaceParts(seriesId: string, postIds: string[]): Promise<void> {
    await this.db.deleteFrom('series_posts').where('series_id', '=', seriesId).execute();
    if (postIds.length === 0) return;
    await this.db
      .insertInto('series_posts')
      .values(postIds.map((postId, position) => ({ series_id: seriesId, post_id: postId, position })))
      .execute();
  }

  /** The series a post is in, if any (whatever its scope: what the writing page changes). */
  async seriesOfPost(postId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('series_posts')
      .select('series_id')
      .where('post_id', '=', postId)
      .executeTakeFirst();
    return row?.series_id;
  }

  /** How many posts the series holds, readers' or not. */
  async partCount(seriesId: string): Promise<number> {
    const row = await this.db
      .selectFrom('series_posts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('series_id', '=', seriesId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Takes a post out of its series; the others keep their order (positions need not be dense). */
  async removePost(postId: string): Promise<void> {
    await this.db.deleteFrom('series_posts').where('post_id', '=', postId).execute();
  }

  /** Adds a post after the series' last part. */
  async appendPost(seriesId: string, postId: string): Promise<void> {
    const last = await this.db
      .selectFrom('series_posts')
      .select((eb) => eb.fn.max<number | string | null>('position').as('position'))
      .where('series_id', '=', seriesId)
      .executeTakeFirst();
    const previous = last?.position ?? null;
    const position = previous === null ? 0 : Number(previous) + 1;
    await this.db
      .insertInto('series_posts')
      .values({ series_id: seriesId, post_id: postId, position })
      .execute();
  }

  /** Every series of a writer's own blog and their posts, for the writer's export. */
  async exportOf(ownerId: string): Promise<Array<SeriesRow & { post_ids: string[] }>> {
    const series = await this.db
      .selectFrom('series')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('id')
      .execute();
    const parts = await this.parts(
      series.map((row) => row.id),
      false,
    );
    return series.map((row) => ({
      ...row,
      post_ids: parts.filter((part) => part.series_id === row.id).map((part) => part.id),
    }));
  }

  private withOwner() {
    return this.db
      .selectFrom('series')
      .innerJoin('users', 'users.id', 'series.owner_id')
      .leftJoin('publications', 'publications.id', 'series.publication_id')
      .selectAll('series')
      .select([
        'users.username',
        'publications.slug as publication_slug',
        'publications.name as publication_name',
      ]);
  }
}
