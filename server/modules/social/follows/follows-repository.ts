import type { Kysely } from 'kysely';
import type { Post } from '../../../../contracts/posts';
import type { DatabaseSchema } from '../../../db/schema';
import { nowIso } from '../../../db/sql-helpers';
import type { PageRequest } from '../../posts/paging';
import { selectPosts, toPost } from '../../posts/post-select';

/** The only place that reads and writes the follows table, and the feed it produces. */
export class FollowsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Idempotent by the primary key (follower_id, followee_id). Throws a foreign-key violation when
   * the followee does not exist.
   */
  async add(followerId: string, followeeId: string): Promise<void> {
    await this.db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
      .execute();
  }

  async remove(followerId: string, followeeId: string): Promise<void> {
    await this.db
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .execute();
  }

  /**
   * Posts by the authors the reader follows, newest first, keyset on post id. The page's ids come
   * from the follows primary key joined to the (author_id, id) index: both index-only. Its cost
   * grows with the number of posts the followed authors have written past the cursor, not with
   * the whole table; that is fine for readers following up to thousands of prolific authors.
   * Beyond that, a fan-out-on-write timeline table would be the next step.
   */
  async feed(followerId: string, page: PageRequest): Promise<Post[]> {
    let ids = this.db
      .selectFrom('follows')
      .innerJoin('posts', 'posts.author_id', 'follows.followee_id')
      .select('posts.id')
      .where('follows.follower_id', '=', followerId);
    if (page.after !== null) ids = ids.where('posts.id', '<', page.after);
    const idPage = ids
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPosts(this.db, idPage, followerId).execute();
    return rows.map((row) => toPost(row, followerId));
  }
}
