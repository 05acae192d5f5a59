import type { Kysely } from 'kysely';
import type { WriterSuggestion } from '../../../contracts/discover';
import { AUTHOR_PICTURE, authorPicture } from '../users/author-row';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { publiclyListed } from '../posts/post-visibility';
import { authorFollowerCount, authorPostCount } from '../users/author-counts';

/** How many of the newest posts "recently active" looks at: a bounded walk of the primary key. */
const RECENT_POSTS_WINDOW = 500;

/** The side panel's reads that no other module answers. */
export class DiscoverRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Ids of the posts favorited most since `since` (ties: newest post first), from the
   * favorites(created_at, post_id) index: only the window's favorites are counted.
   */
  async mostFavoritedSince(since: string, limit: number): Promise<string[]> {
    // Materialized, so both databases take the window from the (created_at, post_id) index rather
    // than walk every favorite in post order to skip sorting the groups.
    const rows = await this.db
      .with(
        (cte) => cte('recent').materialized(),
        (db) =>
          db.selectFrom('favorites').select('favorites.post_id').where('favorites.created_at', '>=', since),
      )
      .selectFrom('recent')
      .select(['recent.post_id', countAll().as('n')])
      .groupBy('recent.post_id')
      .orderBy('n', 'desc')
      .orderBy('recent.post_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.post_id);
  }

  /**
   * The posts an operator picked that readers can see now, in the operator's order. A cross join
   * with the condition in WHERE, because SQLite takes a CROSS JOIN's tables in the order written:
   * with an inner join and no statistics on the few picks, it walked every published post by its
   * date index and looked each up among the picks (80 ms at 100,000 posts, on every side panel).
   */
  async operatorPicks(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('staff_picks')
      .crossJoin('posts')
      .select('posts.id')
      .whereRef('posts.id', '=', 'staff_picks.post_id')
      .where(publiclyListed())
      .orderBy('staff_picks.position', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Authors of the newest posts, most recent first: not `viewerId` nor anyone they follow.
   * Looks only at the newest RECENT_POSTS_WINDOW posts, so it costs the same at any size.
   */
  async recentlyActiveWriters(viewerId: string | null, limit: number): Promise<WriterSuggestion[]> {
    const recent = this.db
      .selectFrom('posts')
      .select(['posts.id', 'posts.author_id', 'posts.published_at as created_at'])
      .where(publiclyListed())
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(RECENT_POSTS_WINDOW)
      .as('recent');
    let writers = this.db
      .selectFrom(recent)
      .select((eb) => [
        'recent.author_id',
        eb.fn.max('recent.id').as('latest_id'),
        eb.fn.max('recent.created_at').as('latest_at'),
      ])
      .groupBy('recent.author_id');
    if (viewerId !== null) {
      writers = writers
        .where('recent.author_id', '<>', viewerId)
        .where('recent.author_id', 'not in', (eb) =>
          eb.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', viewerId),
        );
    }
    const rows = await this.db
      .selectFrom(writers.orderBy('latest_id', 'desc').limit(limit).as('writer'))
      .innerJoin('users', 'users.id', 'writer.author_id')
      .select([
        'users.id',
        'users.username',
        'users.handle',
        AUTHOR_PICTURE,
        'writer.latest_id',
        'writer.latest_at',
        authorPostCount().as('post_count'),
        authorFollowerCount().as('follower_count'),
      ])
      .orderBy('writer.latest_id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      username: row.username,
      handle: row.handle,
      picture: authorPicture(row.author_picture_id),
      postCount: Number(row.post_count ?? 0),
      followerCount: Number(row.follower_count ?? 0),
      latestPostAt: String(row.latest_at),
      ...(viewerId !== null ? { following: false } : {}),
    }));
  }
}
