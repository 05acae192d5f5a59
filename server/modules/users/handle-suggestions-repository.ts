import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { HandleSuggestion } from '../../../contracts/handles';
import type { DialectName } from '../../db/database';
import { prefixEnd } from '../../db/prefix-range';
import type { DatabaseSchema } from '../../db/schema';
import { commentShownTo } from '../social/comments/comment-visibility';

type Users = ExpressionBuilder<DatabaseSchema, 'users'>;

/**
 * Reads whom the comment box suggests after `@`: accounts with a handle (so never a former member),
 * not suspended, not the asker, and neither blocked by nor blocking the asker.
 */
export class HandleSuggestionsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Handles or lower-cased names that start with `prefix` (already lower-cased): each a range of
   * an index in code-point order (PostgreSQL compares them in the "C" collation for that, as the
   * indexes of migration 2026-11-28-0571 and 2026-11-22-0003 are built).
   */
  async matching(prefix: string, limit: number, askerId: string): Promise<HandleSuggestion[]> {
    return this.suggestable(askerId)
      .where((eb) => this.startsWith(eb, prefix))
      .orderBy('users.handle')
      .limit(limit)
      .execute() as Promise<HandleSuggestion[]>;
  }

  /**
   * The same among one post's author and commenters: who is in the discussion comes first. A
   * post's comments are one range of the comments' post index, so this stays one post's worth.
   */
  async inDiscussion(
    postId: string,
    prefix: string,
    limit: number,
    askerId: string,
  ): Promise<HandleSuggestion[]> {
    return this.suggestable(askerId)
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom('comments')
              .select('comments.id')
              .where('comments.post_id', '=', postId)
              .whereRef('comments.author_id', '=', 'users.id')
              .where('comments.deleted_at', 'is', null)
              // Someone whose words are withheld is not yet (or no longer) in the discussion.
              .where(commentShownTo(askerId)),
          ),
          eb.exists(
            eb
              .selectFrom('posts')
              .select('posts.id')
              .where('posts.id', '=', postId)
              .whereRef('posts.author_id', '=', 'users.id'),
          ),
        ]),
      )
      .where((eb) => this.startsWith(eb, prefix))
      .orderBy('users.handle')
      .limit(limit)
      .execute() as Promise<HandleSuggestion[]>;
  }

  private suggestable(askerId: string) {
    return (
      this.db
        .selectFrom('users')
        .select(['users.id', 'users.username', 'users.handle'])
        .where('users.handle', 'is not', null)
        .where('users.suspended_at', 'is', null)
        .where('users.id', '!=', askerId)
        // Blocked either way: neither is offered the other.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('blocks')
                .select('blocks.blocker_id')
                .where((b) =>
                  b.or([
                    b.and([
                      b('blocks.blocker_id', '=', askerId),
                      b('blocks.blocked_id', '=', b.ref('users.id')),
                    ]),
                    b.and([
                      b('blocks.blocked_id', '=', askerId),
                      b('blocks.blocker_id', '=', b.ref('users.id')),
                    ]),
                  ]),
                ),
            ),
          ),
        )
    );
  }

  private startsWith(eb: Users, prefix: string) {
    const end = prefixEnd(prefix);
    const c = this.dialect === 'postgres' ? sql` collate "C"` : sql``;
    const handle = sql<string>`users.handle${c}`;
    const name = sql<string>`lower(users.username)${c}`;
    return eb.or([
      eb.and([eb(handle, '>=', prefix), eb(handle, '<', end)]),
      eb.and([eb(name, '>=', prefix), eb(name, '<', end)]),
    ]);
  }
}
