import type { Kysely } from 'kysely';
import type { Author, Post } from '../../../../contracts/posts';
import type { DatabaseSchema } from '../../../db/schema';
import { nowIso } from '../../../lib/clock';
import type { PageRequest } from '../../posts/paging';
import { selectPosts, toPost } from '../../posts/post-select';
import { withTagLabels } from '../../posts/tag-labels';
import { withAuthors } from '../../posts/post-authors';
import { publiclyTagged, publiclyListed } from '../../posts/post-visibility';

/** The only place that reads and writes the follows table, and the feed it produces. */
export class FollowsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Idempotent by the primary key (follower_id, followee_id); true when it was new. Throws a foreign-key violation when
   * the followee does not exist.
   */
  async add(followerId: string, followeeId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('follows')
      .values({ follower_id: followerId, followee_id: followeeId, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['follower_id', 'followee_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /**
   * Who follows `userId` (`side` 'followers') or whom they follow ('following'), by user id,
   * keyset on the other user's id through the primary key or the followee index.
   */
  async people(userId: string, side: 'followers' | 'following', page: PageRequest): Promise<Author[]> {
    const [mine, theirs] =
      side === 'followers'
        ? (['followee_id', 'follower_id'] as const)
        : (['follower_id', 'followee_id'] as const);
    let query = this.db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', `follows.${theirs}`)
      .select(['users.id', 'users.username', 'users.handle'])
      .where(`follows.${mine}`, '=', userId);
    if (page.after !== null) query = query.where(`follows.${theirs}`, '>', page.after);
    return query
      .orderBy(`follows.${theirs}`, 'asc')
      .limit(page.limit + 1)
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
   * Posts by the authors and in the topics the reader follows, newest first, keyset on post id.
   * Each source picks at most a page of ids from its own indexes (the follows key joined to
   * posts' (author_id, id); tag_follows' key joined to post_tags' (tag, post_id)), and UNION
   * merges them without duplicates: a post by a followed author in a followed topic comes once.
   * A source's cost grows with the posts its authors or topics have past the cursor, not with the
   * whole table; fine for readers following up to thousands of prolific authors and the hundred
   * topics they may follow. Beyond that, a fan-out-on-write timeline table would be the next step.
   */
  async feed(followerId: string, page: PageRequest): Promise<Post[]> {
    let byAuthors = this.db
      .selectFrom('follows')
      .innerJoin('posts', 'posts.author_id', 'follows.followee_id')
      .select('posts.id')
      .where('follows.follower_id', '=', followerId)
      .where(publiclyListed());
    let byTopics = this.db
      .selectFrom('tag_follows')
      .innerJoin('post_tags', 'post_tags.tag', 'tag_follows.tag')
      .select('post_tags.post_id as id')
      .where('tag_follows.user_id', '=', followerId)
      .where(publiclyTagged());
    if (page.after !== null) {
      byAuthors = byAuthors.where('posts.id', '<', page.after);
      byTopics = byTopics.where('post_tags.post_id', '<', page.after);
    }
    const take = page.limit + 1;
    // Each branch is a derived table, so it may carry its own ORDER BY and LIMIT on both databases.
    const authorIds = this.db
      .selectFrom(byAuthors.orderBy('posts.id', 'desc').limit(take).as('by_authors'))
      .select('by_authors.id');
    const topicIds = this.db
      .selectFrom(byTopics.orderBy('post_tags.post_id', 'desc').limit(take).as('by_topics'))
      .select('by_topics.id');
    const idPage = this.db
      .selectFrom(authorIds.union(topicIds).as('followed'))
      .select('followed.id')
      .orderBy('followed.id', 'desc')
      .limit(take)
      .as('page');
    const rows = await selectPosts(this.db, idPage, followerId).execute();
    return withAuthors(
      this.db,
      await withTagLabels(
        this.db,
        rows.map((row) => toPost(row, followerId)),
      ),
    );
  }
}
