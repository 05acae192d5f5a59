import { sql, type RawBuilder } from 'kysely';
import { publiclyListed } from '../posts/post-visibility';

/**
 * The counts shown beside a writer's name (profiles, "who to follow"), as correlated sub-queries on
 * the users row named by `userId` (a column reference such as `users.id`). Only the posts readers
 * can see are counted: drafts, scheduled and hidden posts do not exist for them yet.
 */
export function authorPostCount(userId = 'users.id', now?: string): RawBuilder<number> {
  return sql<number>`(select cast(count(*) as integer) from posts where posts.author_id = ${sql.ref(userId)} and ${publiclyListed('posts', now)})`;
}

export function authorFollowerCount(userId = 'users.id'): RawBuilder<number> {
  return sql<number>`(select cast(count(*) as integer) from follows where follows.followee_id = ${sql.ref(userId)})`;
}
