import { PostgresAdapter, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Post } from '../../../contracts/posts';
import type { DatabaseSchema } from '../../db/schema';
import { AUTHOR_PICTURE, toAuthor } from '../users/author-row';

/*
 * A post's co-authors (docs/decisions/0085-co-authors.md), as every read of posts sees them. The
 * first author stays posts.author_id, so every query that knew one author still does; the others
 * are post_authors rows in state 'accepted', in the order they accepted. The invitations themselves
 * are the coauthors module's (server/modules/coauthors).
 */

/**
 * Posts with every author (`authors`), read in one query for the whole list: a walk of
 * post_authors' primary key for the page's ids. A post without co-authors keeps `[author]`, which
 * toPost gave it. A suspended co-author is left out, as their own posts are.
 */
export async function withAuthors<T extends Post>(db: Kysely<DatabaseSchema>, posts: T[]): Promise<T[]> {
  if (posts.length === 0) return posts;
  const rows = await db
    .selectFrom('post_authors')
    .innerJoin('users', 'users.id', 'post_authors.user_id')
    .select([
      'post_authors.post_id',
      'users.id as author_id',
      'users.username',
      'users.handle',
      AUTHOR_PICTURE,
    ])
    .where(
      'post_authors.post_id',
      'in',
      posts.map((post) => post.id),
    )
    .where('post_authors.state', '=', 'accepted')
    .where('users.suspended_at', 'is', null)
    .orderBy('post_authors.accepted_at')
    .orderBy('post_authors.user_id')
    .execute();
  if (rows.length === 0) return posts;
  const others = new Map<string, Post['authors']>();
  for (const row of rows) {
    const list = others.get(row.post_id) ?? [];
    list.push(toAuthor(row));
    others.set(row.post_id, list);
  }
  return posts.map((post) => {
    const more = others.get(post.id);
    return more ? { ...post, authors: [post.author, ...more] } : post;
  });
}

/** The ids of the posts `userId` co-writes (accepted), for a list's `posts.id in (…)`. */
export function coWrittenBy(eb: ExpressionBuilder<DatabaseSchema, 'posts'>, userId: string) {
  return eb
    .selectFrom('post_authors')
    .select('post_authors.post_id')
    .where('post_authors.user_id', '=', userId)
    .where('post_authors.state', '=', 'accepted');
}

/**
 * Whether `userId` co-writes any post: most writers do not, and their lists then keep the plain
 * walk of (author_id, published_at, id), one index-only lookup dearer.
 */
export async function coWritesAny(db: Kysely<DatabaseSchema>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('post_authors')
    .select('post_authors.post_id')
    .where('post_authors.user_id', '=', userId)
    .where('post_authors.state', '=', 'accepted')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `userId` accepted to co-write the post (not its first author: that is posts.author_id). */
export async function isCoAuthor(
  db: Kysely<DatabaseSchema>,
  postId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('post_authors')
    .select('post_authors.post_id')
    .where('post_authors.post_id', '=', postId)
    .where('post_authors.user_id', '=', userId)
    .where('post_authors.state', '=', 'accepted')
    .executeTakeFirst();
  return row !== undefined;
}

/** PostgreSQL only (SQLite runs one writer at a time): true when row locks are worth taking. */
export function takesRowLocks(db: Kysely<DatabaseSchema>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
