import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DatabaseSchema, FederationPostsTable } from '../../db/schema';

/** What the social web was told of one post (federation_posts). */
export interface FederatedPost {
  postId: string;
  actor: string | null;
  state: FederationPostsTable['state'];
  dueAt: string | null;
}

/**
 * The only place that reads and writes federation_posts: whether followers were sent a post (so a
 * change is an Update, a withdrawal a Delete), a Delete (its id answers 410), or nothing yet
 * because its time has not come (decision 70, "Publishing").
 */
export class FederationPostsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  async find(postId: string): Promise<FederatedPost | undefined> {
    const row = await this.db
      .selectFrom('federation_posts')
      .select(['post_id', 'actor', 'state', 'due_at'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    return row && { postId: row.post_id, actor: row.actor, state: row.state, dueAt: row.due_at };
  }

  async save(post: FederatedPost, now: string): Promise<void> {
    const values = { actor: post.actor, state: post.state, due_at: post.dueAt, updated_at: now };
    await this.db
      .insertInto('federation_posts')
      .values({ post_id: post.postId, ...values })
      .onConflict((conflict) => conflict.column('post_id').doUpdateSet(values))
      .execute();
  }

  async remove(postId: string): Promise<void> {
    await this.db.deleteFrom('federation_posts').where('post_id', '=', postId).execute();
  }

  /**
   * Leases scheduled posts whose time has come: their `due_at` moves to the lease's end, so another
   * instance takes them only once a crashed one's lease has run out. SKIP LOCKED on PostgreSQL.
   */
  async claimDue(now: string, lockedUntil: string, limit: number): Promise<string[]> {
    // Most polls find nothing: a plain read answers them without taking SQLite's write lock.
    const anyDue = await this.db
      .selectFrom('federation_posts')
      .select('post_id')
      .where('state', '=', 'scheduled')
      .where('due_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (!anyDue) return [];
    let due = this.db
      .selectFrom('federation_posts')
      .select('post_id')
      .where('state', '=', 'scheduled')
      .where('due_at', '<=', now)
      .orderBy('due_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('federation_posts')
      .set({ due_at: lockedUntil, updated_at: now })
      .where('post_id', 'in', due)
      .where('state', '=', 'scheduled')
      .where('due_at', '<=', now)
      .returning('post_id')
      .execute();
    return rows.map((row) => row.post_id);
  }
}
