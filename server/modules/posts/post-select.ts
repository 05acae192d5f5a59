import type { AliasedSelectQueryBuilder, ExpressionBuilder, Kysely } from 'kysely';
import type { Post } from '../../../contracts/posts';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { splitTags } from './post-tags';

type PostsScope = ExpressionBuilder<DatabaseSchema, 'posts'>;

/** How many readers favorited the post in scope (answered from the favorites(post_id) index). */
export function favoriteCountOf(eb: PostsScope) {
  return eb.selectFrom('favorites').whereRef('favorites.post_id', '=', 'posts.id').select(countAll().as('n'));
}

/** 1 when `userId` favorited the post in scope, else 0 (a primary-key lookup). */
export function favoritedBy(eb: PostsScope, userId: string) {
  return favoriteCountOf(eb).where('favorites.user_id', '=', userId);
}

/** A query that picks the ids of one page of posts (at most limit + 1), aliased as `page`. */
export type PostIdPage = AliasedSelectQueryBuilder<{ id: string }, 'page'>;

/**
 * Every list of posts and the single-post read go through here, so a Post always has the same
 * shape. It is a deferred join: the caller's `page` query walks an index only (the primary key,
 * (author_id, id), favorites' or follows' keys) to choose a handful of ids; only those rows are
 * then read from posts and users. The cost of a page therefore does not grow with the table, and
 * the plan does not depend on the optimiser guessing the join order. Counts are correlated
 * subqueries answered from the (post_id, …) indexes of comments and favorites: cheap for 21 rows.
 * Tags come with the row (posts.tags). It is one SQL statement per page on both databases.
 */
export function selectPosts(db: Kysely<DatabaseSchema>, page: PostIdPage, viewerId: string | null) {
  return (
    db
      .selectFrom(page)
      .innerJoin('posts', 'posts.id', 'page.id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select((eb) => [
        'posts.id',
        'posts.title',
        'posts.content',
        'posts.tags',
        'posts.created_at',
        'posts.updated_at',
        'posts.author_id',
        'users.username',
        eb
          .selectFrom('comments')
          .whereRef('comments.post_id', '=', 'posts.id')
          .select(countAll().as('n'))
          .as('comment_count'),
        favoriteCountOf(eb).as('favorite_count'),
        // Without a viewer this matches no row (ids are never empty) and is dropped in toPost.
        favoritedBy(eb, viewerId ?? '').as('viewer_favorited'),
      ])
      // Ordered by the page's column, not posts.id: given posts.id, SQLite prefers walking the whole
      // primary key in order (to skip a sort of 21 rows) over starting from the page.
      .orderBy('page.id', 'desc')
  );
}

export interface PostRow {
  id: string;
  title: string;
  content: string;
  tags: string;
  created_at: string;
  updated_at: string;
  author_id: string;
  username: string;
  comment_count: number | null;
  favorite_count: number | null;
  viewer_favorited: number | null;
}

export function toPost(row: PostRow, viewerId: string | null): Post {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    authorId: row.author_id,
    author: { id: row.author_id, username: row.username },
    tags: splitTags(row.tags),
    commentCount: Number(row.comment_count ?? 0),
    favoriteCount: Number(row.favorite_count ?? 0),
    ...(viewerId ? { favorited: Number(row.viewer_favorited ?? 0) > 0 } : {}),
  };
}
