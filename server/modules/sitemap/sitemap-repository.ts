import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { KeyRange } from './keyset-ranges';
import { publiclyListed } from '../posts/post-visibility';
import { inScope } from '../series/series-scope';

export interface SitemapPostRow {
  id: string;
  updated_at: string;
}

/** What the sitemaps read: post ids and the ids of authors with posts, in ascending key order. */
export class SitemapRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * The post id `count` places after `after`: a keyset start, then a skip along the primary key's
   * index without reading a row (SQLite: covering index; PostgreSQL: index-only scan). The skip
   * is bounded by one child sitemap's size; pages themselves are read by keyset (postsIn).
   */
  async postIdAfter(after: string | null, count: number): Promise<string | undefined> {
    let query = this.db.selectFrom('posts').select('posts.id');
    if (after !== null) query = query.where('posts.id', '>', after);
    const row = await query
      .orderBy('posts.id')
      .limit(1)
      .offset(count - 1)
      .executeTakeFirst();
    return row?.id;
  }

  /** The same for authors with at least one post (one (author_id, id) index probe per user). */
  async authorIdAfter(after: string | null, count: number): Promise<string | undefined> {
    let query = this.authors();
    if (after !== null) query = query.where('users.id', '>', after);
    const row = await query
      .orderBy('users.id')
      .limit(1)
      .offset(count - 1)
      .executeTakeFirst();
    return row?.id;
  }

  postsIn(range: KeyRange, limit: number): Promise<SitemapPostRow[]> {
    // Only public posts are listed; the ranges still split on every id, so a child sitemap may hold
    // fewer than its share (a draft or a scheduled post leaves a gap), never more.
    let query = this.db
      .selectFrom('posts')
      .select(['posts.id', 'posts.updated_at'])
      .where(publiclyListed())
      // Nor a post whose blog has its own verified domain: its canonical address is there, and that
      // site's sitemap lists it (a sitemap names the addresses search engines should keep). The
      // blog is its team's or, with no team, its author's own (one unique-index probe a post).
      .where(({ eb, exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('publication_domains')
              .select('publication_domains.domain')
              .where('publication_domains.state', '=', 'verified')
              .where(
                'publication_domains.publication_id',
                '=',
                eb.fn.coalesce('posts.publication_id', 'posts.author_id'),
              ),
          ),
        ),
      );
    if (range.after !== null) query = query.where('posts.id', '>', range.after);
    if (range.until !== null) query = query.where('posts.id', '<=', range.until);
    return query.orderBy('posts.id').limit(limit).execute();
  }

  /** With their handles: a profile's address is /@handle when it has one. */
  async authorsIn(range: KeyRange, limit: number): Promise<{ id: string; handle: string | null }[]> {
    let query = this.authors().select('users.handle');
    if (range.after !== null) query = query.where('users.id', '>', range.after);
    if (range.until !== null) query = query.where('users.id', '<=', range.until);
    return query.orderBy('users.id').limit(limit).execute();
  }

  /** The same along the topics carried by at least one post, by name (the tags' primary key). */
  async topicNameAfter(after: string | null, count: number): Promise<string | undefined> {
    let query = this.topics();
    if (after !== null) query = query.where('tags.name', '>', after);
    const row = await query
      .orderBy('tags.name')
      .limit(1)
      .offset(count - 1)
      .executeTakeFirst();
    return row?.name;
  }

  async topicsIn(range: KeyRange, limit: number): Promise<string[]> {
    let query = this.topics();
    if (range.after !== null) query = query.where('tags.name', '>', range.after);
    if (range.until !== null) query = query.where('tags.name', '<=', range.until);
    const rows = await query.orderBy('tags.name').limit(limit).execute();
    return rows.map((row) => row.name);
  }

  /** The same along the series with a part readers can see (decision 78), by id. */
  async seriesIdAfter(after: string | null, count: number): Promise<string | undefined> {
    let query = this.listedSeries();
    if (after !== null) query = query.where('series.id', '>', after);
    const row = await query
      .orderBy('series.id')
      .limit(1)
      .offset(count - 1)
      .executeTakeFirst();
    return row?.id;
  }

  async seriesIn(range: KeyRange, limit: number): Promise<{ id: string; updated_at: string }[]> {
    let query = this.listedSeries().select('series.updated_at');
    if (range.after !== null) query = query.where('series.id', '>', range.after);
    if (range.until !== null) query = query.where('series.id', '<=', range.until);
    return query.orderBy('series.id').limit(limit).execute();
  }

  /** A series none of whose parts readers can see is left out: its page would list nothing. */
  private listedSeries() {
    return this.db
      .selectFrom('series')
      .select('series.id')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('series_posts')
            .innerJoin('posts', 'posts.id', 'series_posts.post_id')
            .select('series_posts.post_id')
            .whereRef('series_posts.series_id', '=', 'series.id')
            .where(publiclyListed())
            .where(inScope()),
        ),
      );
  }

  /** A topic no post carries any more is left out: its page would list nothing. */
  private topics() {
    return this.db.selectFrom('tags').select('tags.name').where('tags.post_count', '>', 0);
  }

  private authors() {
    return this.db
      .selectFrom('users')
      .select('users.id')
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('posts')
            .select('posts.id')
            .whereRef('posts.author_id', '=', 'users.id')
            .where(publiclyListed()),
        ),
      );
  }
}
