import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema, NewsletterSubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = Selectable<NewsletterSubscriptionsTable>;

/** A confirmation link's stored half, and when the request that made it was. */
export interface ConfirmationLink {
  tokenHash: string;
  expiresAt: string;
  sentAt: string;
}

/**
 * The only place that reads and writes newsletter subscriptions. Changes of status are
 * conditional updates (the status they start from is in the WHERE), so two requests at once
 * cannot both act: the one whose update touched no row did nothing.
 */
export class NewslettersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  findByListAndEmail(publicationId: string, email: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('publication_id', '=', publicationId)
      .where('email', '=', email)
      .executeTakeFirst();
  }

  findById(id: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('newsletter_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByConfirmToken(tokenHash: string): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('confirm_token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** A new pending address with its first link; throws DuplicateKey when the address raced in. */
  async insertPending(row: {
    id: string;
    publicationId: string;
    email: string;
    userId: string | null;
    link: ConfirmationLink;
  }): Promise<void> {
    await this.db
      .insertInto('newsletter_subscriptions')
      .values({
        id: row.id,
        publication_id: row.publicationId,
        email: row.email,
        user_id: row.userId,
        status: 'pending',
        confirm_token_hash: row.link.tokenHash,
        confirm_expires_at: row.link.expiresAt,
        confirm_sent_at: row.link.sentAt,
        created_at: row.link.sentAt,
        updated_at: row.link.sentAt,
      })
      .execute();
  }

  /**
   * A new link for an address that is not active, unless one was sent after `resendAfter`: the
   * previous link stops working. Whether this request won (and should send the email).
   */
  async replaceLink(id: string, link: ConfirmationLink, resendAfter: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscriptions')
      .set({
        confirm_token_hash: link.tokenHash,
        confirm_expires_at: link.expiresAt,
        confirm_sent_at: link.sentAt,
        updated_at: link.sentAt,
      })
      .where('id', '=', id)
      .where('status', '!=', 'active')
      .where((eb) => eb.or([eb('confirm_sent_at', 'is', null), eb('confirm_sent_at', '<=', resendAfter)]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Pending, unsubscribed or bounced to active, by a link that has not expired. The link is used:
   * a later request (after unsubscribing) is a new one, not a repeat within the minute.
   */
  async confirm(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscriptions')
      .set({
        status: 'active',
        confirmed_at: now,
        confirm_sent_at: null,
        unsubscribed_at: null,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '!=', 'active')
      .where('confirm_expires_at', '>', now)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Active or pending to unsubscribed; nothing else changes (a bounced address stays bounced). */
  async unsubscribe(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscriptions')
      .set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['active', 'pending'])
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The unsubscribe page's undo: back to active, only from unsubscribed after a confirmation. */
  async resubscribe(id: string, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('newsletter_subscriptions')
      .set({ status: 'active', unsubscribed_at: null, updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'unsubscribed')
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Forgets addresses never confirmed whose link has expired; how many went. */
  async forgetUnconfirmed(now: string): Promise<number> {
    const result = await this.db
      .deleteFrom('newsletter_subscriptions')
      .where('status', '=', 'pending')
      .where('confirm_expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
