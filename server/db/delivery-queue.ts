import { sql, type Kysely } from 'kysely';
import type { AttemptRecord } from '../lib/polling-worker';
import type { DatabaseSchema } from './schema';

/** The tables that queue outbound deliveries with leases: webhooks' (decision 39) and the social web's (decision 70). */
export type DeliveryQueueTable = 'webhook_deliveries' | 'federation_deliveries';

/** A row a worker has leased: its id and the lease it holds. */
export interface LeasedDelivery {
  id: string;
  lockedUntil: string;
}

/**
 * Records an attempt's outcome, only while the worker still holds the lease: one that outlived its
 * lease must not overwrite what the worker that took over recorded.
 */
export async function finishLeased(
  db: Kysely<DatabaseSchema>,
  table: DeliveryQueueTable,
  claim: LeasedDelivery,
  outcome: AttemptRecord,
): Promise<void> {
  await db
    .updateTable(table)
    .set({
      state: outcome.state,
      last_status: outcome.status,
      last_error: outcome.error === null ? null : outcome.error.slice(0, 500),
      locked_until: null,
      updated_at: outcome.now,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
      ...(outcome.state === 'delivered' ? { delivered_at: outcome.now } : {}),
    })
    .where('id', '=', claim.id)
    .where('locked_until', '=', claim.lockedUntil)
    .execute();
}

/** Gives back a lease without counting the attempt (the server is shutting down mid-send). */
export async function releaseLeased(
  db: Kysely<DatabaseSchema>,
  table: DeliveryQueueTable,
  claim: LeasedDelivery,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ locked_until: null, attempts: sql`attempts - 1` })
    .where('id', '=', claim.id)
    .where('locked_until', '=', claim.lockedUntil)
    .execute();
}
