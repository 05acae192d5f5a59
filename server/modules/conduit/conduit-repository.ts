import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { ConduitProfile } from '../../../contracts/conduit';
import type { Post } from '../../../contracts/posts';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { selectPostsByTime, toPost } from '../posts/post-select';
import { withTagLabels } from '../posts/tag-labels';
import { publiclyListed } from '../posts/post-visibility';

/** Which published posts a Conduit list holds; names are username keys (lower-cased). */
export type ArticleFilter =
  | { kind: 'all'; tag?: string; authorKey?: string; favoritedByKey?: string }
  | { kind: 'feed'; followerId: string };

export interface OffsetPage {
  limit: number;
  offset: number;
  /** A post is public once published_at <= now (drafts and scheduled posts never show). */
  now: string;
}

/**
 * The reads only the Conduit API needs: OFFSET pages with a total count (Inkwell's own lists walk
 * keyset cursors and count nothing), the writer's description, and authors as Conduit profiles.
 * The posts themselves come out of the shared post select, so they match Inkwell's shape.
 */
export class ConduitRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async listArticles(
    filter: ArticleFilter,
    page: OffsetPage,
    viewerId: string | null,
  ): Promise<{ posts: Post[]; count: number }> {
    const base = this.filtered(filter, page.now);
    const counted = await base.select(countAll().as('n')).executeTakeFirstOrThrow();
    const idPage = base
      .select(['posts.id', 'posts.published_at as at'])
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .as('page');
    const rows = await selectPostsByTime(this.db, idPage, viewerId).execute();
    return {
      posts: await withTagLabels(
        this.db,
        rows.map((row) => toPost(row, viewerId, page.now)),
      ),
      count: Number(counted.n),
    };
  }

  private filtered(filter: ArticleFilter, now: string): SelectQueryBuilder<DatabaseSchema, 'posts', object> {
    let query = this.db.selectFrom('posts').where(publiclyListed('posts', now));
    if (filter.kind === 'feed') {
      return query.where('posts.author_id', 'in', (eb) =>
        eb
          .selectFrom('follows')
          .select('follows.followee_id')
          .where('follows.follower_id', '=', filter.followerId),
      );
    }
    const { tag, authorKey, favoritedByKey } = filter;
    if (tag !== undefined) {
      query = query.where('posts.id', 'in', (eb) =>
        eb.selectFrom('post_tags').select('post_tags.post_id').where('post_tags.tag', '=', tag),
      );
    }
    if (authorKey !== undefined) {
      query = query.where('posts.author_id', 'in', (eb) =>
        eb.selectFrom('users').select('users.id').where('users.username_key', '=', authorKey),
      );
    }
    if (favoritedByKey !== undefined) {
      query = query.where('posts.id', 'in', (eb) =>
        eb
          .selectFrom('favorites')
          .innerJoin('users', 'users.id', 'favorites.user_id')
          .select('favorites.post_id')
          .where('users.username_key', '=', favoritedByKey),
      );
    }
    return query;
  }

  /** The descriptions writers gave, by post id (posts without one are left out). */
  async descriptions(postIds: readonly string[]): Promise<Map<string, string>> {
    if (postIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('posts')
      .select(['id', 'description'])
      .where('id', 'in', [...postIds])
      .where('description', 'is not', null)
      .execute();
    return new Map(rows.map((row) => [row.id, row.description ?? '']));
  }

  async setDescription(postId: string, description: string | null): Promise<void> {
    await this.db.updateTable('posts').set({ description }).where('id', '=', postId).execute();
  }

  /** Comments' whole numbers (their Conduit ids, migration 2026-11-28-0001), by comment id. */
  async commentNumbers(commentIds: readonly string[]): Promise<Map<string, number>> {
    if (commentIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('comments')
      .select(['id', 'number'])
      .where('id', 'in', [...commentIds])
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.number)]));
  }

  /** The id of the comment on this post that a whole number names; undefined when none does. */
  async commentIdOfNumber(postId: string, number: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('comments')
      .select('id')
      .where('post_id', '=', postId)
      .where('number', '=', number)
      .executeTakeFirst();
    return row?.id;
  }

  /** People as Conduit shows them, by id, with whether the viewer follows each. */
  async profiles(userIds: readonly string[], viewerId: string | null): Promise<Map<string, ConduitProfile>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const users = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'bio', 'image'])
      .where('id', 'in', ids)
      .execute();
    const followed =
      viewerId === null
        ? new Set<string>()
        : new Set(
            (
              await this.db
                .selectFrom('follows')
                .select('followee_id')
                .where('follower_id', '=', viewerId)
                .where('followee_id', 'in', ids)
                .execute()
            ).map((row) => row.followee_id),
          );
    return new Map(
      users.map((user) => [
        user.id,
        { username: user.username, bio: user.bio, image: user.image, following: followed.has(user.id) },
      ]),
    );
  }
}
