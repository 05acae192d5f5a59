import type { Kysely } from 'kysely';
import type { Author } from '../../../../contracts/posts';
import type { DatabaseSchema } from '../../../db/schema';
import { nowIso } from '../../../lib/clock';
import type { PageRequest } from '../../posts/paging';

/** The only place that reads and writes the blocks table. */
export class BlocksRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Idempotent; throws a foreign-key violation when the user to block does not exist. */
  async add(blockerId: string, blockedId: string): Promise<void> {
    await this.db
      .insertInto('blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: nowIso() })
      .onConflict((conflict) => conflict.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  }

  async remove(blockerId: string, blockedId: string): Promise<void> {
    await this.db
      .deleteFrom('blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .execute();
  }

  async isBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Of the given users, those who have blocked `actorId`. */
  async blockersAmong(actorId: string, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('blocks')
      .select('blocker_id')
      .where('blocked_id', '=', actorId)
      .where('blocker_id', 'in', userIds)
      .execute();
    return new Set(rows.map((row) => row.blocker_id));
  }

  /** Whom the reader blocked, by user id (keyset on the primary key). */
  async listBlocked(blockerId: string, page: PageRequest): Promise<Author[]> {
    let query = this.db
      .selectFrom('blocks')
      .innerJoin('users', 'users.id', 'blocks.blocked_id')
      .select(['users.id', 'users.username', 'users.handle'])
      .where('blocks.blocker_id', '=', blockerId);
    if (page.after !== null) query = query.where('blocks.blocked_id', '>', page.after);
    return query
      .orderBy('blocks.blocked_id', 'asc')
      .limit(page.limit + 1)
      .execute();
  }
}
