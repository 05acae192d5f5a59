import type { Kysely } from 'kysely';
import type { Post } from '../../../../contracts/posts';
import type { DatabaseSchema } from '../../../db/schema';
import { nowIso } from '../../../lib/clock';
import type { PageRequest } from '../../posts/paging';
import { favoritedBy, selectPosts, toPost } from '../../posts/post-select';
import { withTagLabels } from '../../posts/tag-labels';
import { withAuthors } from '../../posts/post-authors';
import { publiclyListed, publiclyVisible } from '../../posts/post-visibility';

export interface FavoriteState {
  favorited: boolean;
  favoriteCount: number;
}

/** The only place that reads and writes the favorites table. */
export class FavoritesRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Idempotent by the primary key (user_id, post_id): a second favorite, even one racing the
   * first, is a no-op rather than a duplicate or an error; true when it was new. Throws a foreign-key violation when the
   * post does not exist.
   */
  async add(userId: string, postId: string): Promise<boolean> {
    const result = await this.db
      .insertInto('favorites')
      .values({ user_id: userId, post_id: postId, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['user_id', 'post_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async postAuthorOf(postId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select('author_id')
      .where('id', '=', postId)
      .executeTakeFirst();
    return row?.author_id;
  }

  async remove(userId: string, postId: string): Promise<void> {
    await this.db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('post_id', '=', postId)
      .execute();
  }

  /** The post's count and the reader's state as stored now; undefined when the post does not exist. */
  async state(userId: string, postId: string): Promise<FavoriteState | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .where('posts.id', '=', postId)
      // Someone's draft or scheduled post does not exist for anyone else yet.
      .where(publiclyVisible())
      .select((eb) => ['posts.favorite_count', favoritedBy(eb, userId).as('mine')])
      .executeTakeFirst();
    return row && { favorited: Number(row.mine ?? 0) > 0, favoriteCount: row.favorite_count };
  }

  /**
   * The reader's favorites ordered by post id, newest post first, with keyset on post_id. That
   * order is a backward walk of the primary key (user_id, post_id) alone, so a page costs the same
   * however many favorites there are; "newest favorited first" would need another index.
   */
  async listForUser(userId: string, page: PageRequest): Promise<Post[]> {
    let ids = this.db
      .selectFrom('favorites')
      .innerJoin('posts', 'posts.id', 'favorites.post_id')
      .select('favorites.post_id as id')
      .where('favorites.user_id', '=', userId)
      // A favorite of a post its writer has since unpublished stays, hidden until it is back; an
      // email-only post is in no list, this one included.
      .where(publiclyListed());
    if (page.after !== null) ids = ids.where('favorites.post_id', '<', page.after);
    const idPage = ids
      .orderBy('favorites.post_id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPosts(this.db, idPage, userId).execute();
    return withAuthors(
      this.db,
      await withTagLabels(
        this.db,
        rows.map((row) => toPost(row, userId)),
      ),
    );
  }
}
