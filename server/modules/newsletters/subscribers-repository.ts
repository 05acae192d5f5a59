import { sql, type Kysely, type Transaction } from 'kysely';
import type { SubscriptionStatus } from '../../../contracts/newsletters';
import type { DatabaseSchema } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import type { SubscriptionRow } from './newsletters-repository';

/** A lookup key as SQLite's lower() makes it (ASCII only), which PostgreSQL's agrees with for ASCII. */
export const addressKey = (email: string): string => email.replace(/[A-Z]/g, (c) => c.toLowerCase());

export interface SubscriberFilter {
  status?: SubscriptionStatus;
  /** Addresses starting with this, case ignored. */
  prefix?: string;
  /** The stored address of the last row of the previous page. */
  after?: string;
}

export interface ImportEntry {
  email: string;
  /** When the address joined the list it came from, when the export says. */
  createdAt: string;
}

export interface ImportOutcome {
  inserted: number;
  activated: number;
  alreadyActive: number;
  unsubscribed: number;
  bounced: number;
}

const likePrefix = (prefix: string) => `${addressKey(prefix).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A list's subscribers as its owner sees them (docs/decisions/0062-newsletter-subscribers-page.md):
 * counts, growth, pages, removal, export and import. Every read is bounded by the list and an
 * index (migration 2026-11-28-0801), so a list of 100,000 is never read whole at once.
 */
export class SubscribersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async counts(listId: string): Promise<Map<SubscriptionStatus, number>> {
    const rows = await this.db
      .selectFrom('newsletter_subscriptions')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('publication_id', '=', listId)
      .groupBy('status')
      .execute();
    return new Map(rows.map((row) => [row.status, Number(row.count)]));
  }

  /** Addresses that became active per UTC day since `since` (an ISO time), and those that left. */
  async growth(
    listId: string,
    since: string,
  ): Promise<{ subscribed: Map<string, number>; unsubscribed: Map<string, number> }> {
    const perDay = async (column: 'confirmed_at' | 'unsubscribed_at') => {
      const day = sql<string>`substr(${sql.ref(column)}, 1, 10)`;
      const rows = await this.db
        .selectFrom('newsletter_subscriptions')
        .select([day.as('day'), (eb) => eb.fn.countAll<string | number>().as('count')])
        .where('publication_id', '=', listId)
        .where(column, '>=', since)
        .groupBy(day)
        .execute();
      return new Map(rows.map((row) => [row.day, Number(row.count)]));
    };
    return { subscribed: await perDay('confirmed_at'), unsubscribed: await perDay('unsubscribed_at') };
  }

  /** One page, by address (case ignored, then as stored): `limit` rows and whether more follow. */
  async page(listId: string, filter: SubscriberFilter, limit: number): Promise<SubscriptionRow[]> {
    const key = sql<string>`lower(email)`;
    let query = this.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('publication_id', '=', listId);
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.prefix)
      query = query.where(sql<boolean>`lower(email) like ${likePrefix(filter.prefix)} escape '\\'`);
    if (filter.after !== undefined) {
      const after = filter.after;
      query = query.where((eb) =>
        eb.or([
          eb(key, '>', sql<string>`lower(${after})`),
          eb.and([eb(key, '=', sql<string>`lower(${after})`), eb('email', '>', after)]),
        ]),
      );
    }
    return query.orderBy(key).orderBy('email').limit(limit).execute();
  }

  findOnList(listId: string, id: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('publication_id', '=', listId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether this request removed it (another may have just done so). */
  async remove(listId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('newsletter_subscriptions')
      .where('publication_id', '=', listId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The export's next rows after `afterEmail`, in the unique index's order (keyset, no OFFSET). */
  exportBatch(listId: string, afterEmail: string | null, limit: number): Promise<SubscriptionRow[]> {
    let query = this.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('publication_id', '=', listId);
    if (afterEmail !== null) query = query.where('email', '>', afterEmail);
    return query.orderBy('email').limit(limit).execute();
  }

  /**
   * Brings a batch of consented addresses in (the caller dedupes it by addressKey): new ones are
   * inserted active and confirmed, pending ones become active; an address that unsubscribed or
   * bounced, in any case of its letters, is left as it is and counted.
   */
  async importBatch(listId: string, entries: ImportEntry[], now: string): Promise<ImportOutcome> {
    const outcome: ImportOutcome = {
      inserted: 0,
      activated: 0,
      alreadyActive: 0,
      unsubscribed: 0,
      bounced: 0,
    };
    if (entries.length === 0) return outcome;
    const existing = await this.db
      .selectFrom('newsletter_subscriptions')
      .select(['id', 'email', 'status'])
      .where('publication_id', '=', listId)
      .where(
        sql<string>`lower(email)`,
        'in',
        entries.map((entry) => addressKey(entry.email)),
      )
      .execute();
    // The strictest state of any row sharing the key wins: a departure is never overridden.
    const rank: Record<SubscriptionStatus, number> = { bounced: 3, unsubscribed: 2, active: 1, pending: 0 };
    const byKey = new Map<string, { status: SubscriptionStatus; pendingIds: string[] }>();
    for (const row of existing) {
      const key = addressKey(row.email);
      const known = byKey.get(key) ?? { status: row.status, pendingIds: [] };
      if (rank[row.status] > rank[known.status]) known.status = row.status;
      if (row.status === 'pending') known.pendingIds.push(row.id);
      byKey.set(key, known);
    }
    const fresh: ImportEntry[] = [];
    const activate: string[] = [];
    for (const entry of entries) {
      const known = byKey.get(addressKey(entry.email));
      if (!known) fresh.push(entry);
      else if (known.status === 'bounced') outcome.bounced += 1;
      else if (known.status === 'unsubscribed') outcome.unsubscribed += 1;
      else if (known.status === 'active') outcome.alreadyActive += 1;
      else activate.push(...known.pendingIds);
    }
    if (activate.length > 0) {
      const result = await this.db
        .updateTable('newsletter_subscriptions')
        .set({ status: 'active', confirmed_at: now, confirm_sent_at: null, updated_at: now })
        .where('id', 'in', activate)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      outcome.activated = Number(result.numUpdatedRows);
      // Confirmed or unsubscribed meanwhile: either way, not this import's doing.
      outcome.alreadyActive += activate.length - outcome.activated;
    }
    if (fresh.length > 0) {
      const result = await this.db
        .insertInto('newsletter_subscriptions')
        .values(
          fresh.map((entry) => ({
            id: uuidv7(),
            publication_id: listId,
            email: entry.email,
            user_id: null,
            status: 'active' as const,
            confirmed_at: now,
            created_at: entry.createdAt,
            updated_at: now,
          })),
        )
        // An address that subscribed between the read and now keeps its row.
        .onConflict((oc) => oc.columns(['publication_id', 'email']).doNothing())
        .executeTakeFirst();
      outcome.inserted = Number(result.numInsertedOrUpdatedRows ?? BigInt(fresh.length));
      outcome.alreadyActive += fresh.length - outcome.inserted;
    }
    return outcome;
  }
}

/**
 * What an account's deletion does to newsletters, inside the deletion's transaction: the list of
 * the writer's own blog goes (whatever is kept of the blog for its posts), and so do the reader's
 * own subscriptions, those made signed in (`user_id`). Team publications' lists stay with their
 * publications (account-departure.ts passes them on, or deletes them with their rows).
 */
export async function removeNewsletterDataOf(
  trx: Transaction<DatabaseSchema>,
  userId: string,
): Promise<void> {
  await trx
    .deleteFrom('newsletter_subscriptions')
    .where((eb) => eb.or([eb('publication_id', '=', userId), eb('user_id', '=', userId)]))
    .execute();
}
