import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Webhook, WebhookDelivery, WebhookEvent } from '../../../contracts/webhooks';
import type { DialectName } from '../../db/database';
import { finishLeased, releaseLeased } from '../../db/delivery-queue';
import type { AttemptRecord } from '../../lib/polling-worker';
import type { DatabaseSchema, WebhookDeliveriesTable, WebhooksTable } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';

type WebhookRow = Selectable<WebhooksTable>;
type DeliveryRow = Selectable<WebhookDeliveriesTable>;

/** A hook as the worker needs it to send: where, and the key to sign with. */
export interface WebhookTarget {
  id: string;
  url: string;
  secret: string;
}

/** A delivery the worker has leased: it alone sends it until `lockedUntil`. */
export interface ClaimedDelivery {
  id: string;
  webhookId: string;
  event: string;
  payload: string;
  /** Counting this one. */
  attempts: number;
  lockedUntil: string;
}

export interface NewDelivery {
  id: string;
  webhookId: string;
  event: string;
  payload: string;
  subjectId: string | null;
  nextAttemptAt: string;
  createdAt: string;
}

export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(' ').filter(Boolean) as WebhookEvent[],
    active: Number(row.active) === 1,
    createdAt: row.created_at,
  };
}

function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event: row.event as WebhookDelivery['event'],
    state: row.state,
    attempts: Number(row.attempts),
    lastStatus: row.last_status === null ? null : Number(row.last_status),
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.state === 'pending' ? row.next_attempt_at : null,
    deliveredAt: row.delivered_at,
  };
}

/** Webhooks and their deliveries: the only module that touches these two tables. */
export class WebhooksRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  async listByUser(userId: string): Promise<Webhook[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return rows.map(toWebhook);
  }

  async countByUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('webhooks')
      .select(countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The hook when it is `userId`'s; someone else's is as absent as one that does not exist. */
  async findOwned(id: string, userId: string): Promise<Webhook | undefined> {
    const row = await this.db
      .selectFrom('webhooks')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && toWebhook(row);
  }

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  async update(
    id: string,
    userId: string,
    changes: Partial<Pick<WebhookRow, 'url' | 'events' | 'active'>> & { updated_at: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('webhooks')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Its deliveries go with it (foreign key, on delete cascade). */
  async delete(id: string, userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('webhooks')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The user's active hooks that subscribed to `event`. */
  async subscribers(userId: string, event: WebhookEvent): Promise<WebhookTarget[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .select(['id', 'url', 'secret', 'events'])
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .execute();
    return rows
      .filter((row) => row.events.split(' ').includes(event))
      .map(({ id, url, secret }) => ({ id, url, secret }));
  }

  /** What a comment's event says about its post, and whose hooks hear of it. */
  async postSummary(postId: string): Promise<{ id: string; title: string; authorId: string } | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select(['id', 'title', 'author_id'])
      .where('id', '=', postId)
      .executeTakeFirst();
    return row && { id: row.id, title: row.title, authorId: row.author_id };
  }

  /** The owner of a publication: a newsletter's subscriber events go to their hooks. */
  async publicationOwner(publicationId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('publication_members')
      .select('user_id')
      .where('publication_id', '=', publicationId)
      .where('role', '=', 'owner')
      .executeTakeFirst();
    return row?.user_id;
  }

  async findTarget(webhookId: string): Promise<WebhookTarget | undefined> {
    return this.db
      .selectFrom('webhooks')
      .select(['id', 'url', 'secret'])
      .where('id', '=', webhookId)
      .executeTakeFirst();
  }

  async enqueue(deliveries: NewDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(
        deliveries.map((delivery) => ({
          id: delivery.id,
          webhook_id: delivery.webhookId,
          event: delivery.event,
          payload: delivery.payload,
          subject_id: delivery.subjectId,
          state: 'pending' as const,
          attempts: 0,
          next_attempt_at: delivery.nextAttemptAt,
          locked_until: null,
          last_status: null,
          last_error: null,
          created_at: delivery.createdAt,
          updated_at: delivery.createdAt,
          delivered_at: null,
        })),
      )
      .execute();
  }

  /**
   * Takes back a scheduled post's publication events that are not due yet (the post was
   * rescheduled, unpublished or deleted before its time).
   */
  async cancelScheduled(subjectId: string, event: WebhookEvent, now: string): Promise<void> {
    await this.db
      .deleteFrom('webhook_deliveries')
      .where('subject_id', '=', subjectId)
      .where('event', '=', event)
      .where('state', '=', 'pending')
      .where('attempts', '=', 0)
      .where('next_attempt_at', '>', now)
      .execute();
  }

  async listDeliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toDelivery);
  }

  async findDelivery(id: string): Promise<WebhookDelivery | undefined> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toDelivery(row);
  }

  /**
   * Leases up to `limit` due deliveries of active hooks in one statement, counting the attempt.
   * The outer WHERE repeats the conditions, so a row another worker leased in between is not taken
   * again; on PostgreSQL, SKIP LOCKED also lets two instances claim different rows at once instead
   * of queueing on the same ones. SQLite runs one writer at a time, which is as good.
   */
  async claimDue(now: string, lockedUntil: string, limit: number): Promise<ClaimedDelivery[]> {
    const due = (qb: Kysely<DatabaseSchema>) => {
      const query = qb
        .selectFrom('webhook_deliveries')
        .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
        .select('webhook_deliveries.id')
        .where('webhook_deliveries.state', '=', 'pending')
        .where('webhook_deliveries.next_attempt_at', '<=', now)
        .where((eb) =>
          eb.or([
            eb('webhook_deliveries.locked_until', 'is', null),
            eb('webhook_deliveries.locked_until', '<', now),
          ]),
        )
        .where('webhooks.active', '=', 1)
        .orderBy('webhook_deliveries.next_attempt_at')
        .limit(limit);
      return this.dialect === 'postgres' ? query.forUpdate('webhook_deliveries').skipLocked() : query;
    };
    // Most polls find nothing: a plain read answers them without taking SQLite's write lock.
    const anyDue = await this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('state', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (!anyDue) return [];
    const rows = await this.db
      .updateTable('webhook_deliveries')
      .set({ locked_until: lockedUntil, attempts: sql`attempts + 1`, updated_at: now })
      .where('id', 'in', due(this.db))
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['id', 'webhook_id', 'event', 'payload', 'attempts'])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      webhookId: row.webhook_id,
      event: row.event,
      payload: row.payload,
      attempts: Number(row.attempts),
      lockedUntil,
    }));
  }

  /** Records an attempt's outcome, only while this worker still holds the lease. */
  async finish(claim: ClaimedDelivery, outcome: AttemptRecord): Promise<void> {
    await finishLeased(this.db, 'webhook_deliveries', claim, outcome);
  }

  /** Gives back a lease without counting the attempt (the server is shutting down mid-send). */
  async release(claim: ClaimedDelivery): Promise<void> {
    await releaseLeased(this.db, 'webhook_deliveries', claim);
  }
}

/**
 * Every hook of the account and its deliveries, pending or not, inside the account's deletion's
 * transaction (accounts-repository.ts): nothing more is sent on its behalf.
 */
export async function removeWebhooksOf(trx: Transaction<DatabaseSchema>, userId: string): Promise<void> {
  await trx
    .deleteFrom('webhook_deliveries')
    .where('webhook_id', 'in', trx.selectFrom('webhooks').select('id').where('user_id', '=', userId))
    .execute();
  await trx.deleteFrom('webhooks').where('user_id', '=', userId).execute();
}
