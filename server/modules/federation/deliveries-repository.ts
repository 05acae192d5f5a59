import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../db/database';
import { finishLeased, releaseLeased } from '../../db/delivery-queue';
import type { AttemptRecord } from '../../lib/polling-worker';
import type { DatabaseSchema } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';

export interface NewDelivery {
  /** The local actor whose key signs it. */
  actor: string;
  inbox: string;
  activityId: string;
  payload: string;
}

export interface ClaimedDelivery {
  id: string;
  actor: string;
  inbox: string;
  payload: string;
  attempts: number;
  lockedUntil: string;
}

/**
 * The only place that reads and writes federation_deliveries: the queue of signed POSTs to other
 * servers' inboxes, claimed and finished as the webhooks' queue is (decision 39).
 */
export class DeliveriesRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  async enqueue(deliveries: NewDelivery[], now: string): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db
      .insertInto('federation_deliveries')
      .values(
        deliveries.map((delivery) => ({
          id: uuidv7(),
          actor: delivery.actor,
          inbox: delivery.inbox,
          activity_id: delivery.activityId,
          payload: delivery.payload,
          state: 'pending' as const,
          next_attempt_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  /**
   * Leases up to `limit` due deliveries and counts the attempt, in one statement: on PostgreSQL
   * SKIP LOCKED lets instances claim different rows at once; a lease that outlived a crashed
   * instance has expired and its row is claimed again.
   */
  async claimDue(now: string, lockedUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    // Most polls find nothing: a plain read answers them without taking SQLite's write lock.
    const anyDue = await this.db
      .selectFrom('federation_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (!anyDue) return [];
    let due = this.db
      .selectFrom('federation_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit);
    if (this.dialect === 'postgres') due = due.forUpdate().skipLocked();
    const rows = await this.db
      .updateTable('federation_deliveries')
      .set({ locked_until: lockedUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', 'in', due)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['id', 'actor', 'inbox', 'payload', 'attempts'])
      .execute();
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts), lockedUntil }));
  }

  /** Records an attempt's outcome, only while this worker still holds the lease. */
  async finish(claim: ClaimedDelivery, outcome: AttemptRecord): Promise<void> {
    await finishLeased(this.db, 'federation_deliveries', claim, outcome);
  }

  /** Gives back a lease without counting the attempt (the server is shutting down mid-send). */
  async release(claim: ClaimedDelivery): Promise<void> {
    await releaseLeased(this.db, 'federation_deliveries', claim);
  }
}
