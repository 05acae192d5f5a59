import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema';
import { COMMENT_SHOWN_SQL } from '../modules/social/comments/comment-visibility';

/** Comments readers can see: a hidden or withheld one leaves the count (migration 2026-11-29-1201). */
const TRUE_COMMENTS = sql<number>`(select count(*) from comments where comments.post_id = posts.id and ${COMMENT_SHOWN_SQL})`;
const TRUE_FAVORITES = sql<number>`(select count(*) from favorites where favorites.post_id = posts.id)`;

/** A post whose stored counts are not those of its rows. */
const drifted = (eb: ExpressionBuilder<DatabaseSchema, 'posts'>) =>
  eb.or([eb('posts.comment_count', '<>', TRUE_COMMENTS), eb('posts.favorite_count', '<>', TRUE_FAVORITES)]);

/**
 * Posts whose stored counts differ from their rows in comments and favorites. Triggers keep them
 * equal (migration 2026-11-25-0002); this is the check that they did, a scan of every post.
 */
export async function countDriftedPosts(db: Kysely<DatabaseSchema>): Promise<number> {
  const row = await db
    .selectFrom('posts')
    .select(sql<number>`cast(count(*) as integer)`.as('n'))
    .where(drifted)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Sets every drifted post's counts from its rows again (`npm run repair-counts`), in one statement,
 * so the counts are right as of one instant; returns how many posts it changed.
 */
export async function repairPostCounters(db: Kysely<DatabaseSchema>): Promise<number> {
  const result = await db
    .updateTable('posts')
    .set({ comment_count: TRUE_COMMENTS, favorite_count: TRUE_FAVORITES })
    .where(drifted)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
