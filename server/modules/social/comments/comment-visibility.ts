import { sql, type ExpressionBuilder } from 'kysely';
import type { DatabaseSchema } from '../../../db/schema';

/**
 * The one rule for who sees a comment (decision 0077), for every read path (discussion, in-line
 * comments, one comment, Conduit through the comments service, federation, counts, statistics):
 * - shown to everyone while no one withheld it: neither an operator (`hidden_at`, which stays above
 *   the author's say) nor the post's author (`withheld`: 'held' awaiting approval, or 'hidden');
 * - and always to the person who wrote it, marked for what it is ("awaiting the author's approval",
 *   "hidden"): they are never told their words vanished without a sign.
 * `viewerId` null: an anonymous reader, or a public surface (a feed, a count, the fediverse).
 */
export function commentShownTo(viewerId: string | null) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'comments'>) => {
    const public_ = eb.and([eb('comments.hidden_at', 'is', null), eb('comments.withheld', 'is', null)]);
    return viewerId === null ? public_ : eb.or([public_, eb('comments.author_id', '=', viewerId)]);
  };
}

/**
 * The same rule's public half as SQL text, for the stored counts (post-counters.ts), which the
 * count triggers of migration 2026-11-29-1201 keep with the same condition.
 */
export const COMMENT_SHOWN_SQL = sql.raw('comments.hidden_at is null and comments.withheld is null');
