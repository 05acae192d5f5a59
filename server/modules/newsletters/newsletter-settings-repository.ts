import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { DefaultDelivery } from '../../../contracts/newsletters';
import type { NewsletterSettings } from './newsletter-sends-repository';

/** The settings the writer keeps for a list: how its emails look, and what a post does by default. */
export interface ListSettings extends NewsletterSettings {
  defaultDelivery: DefaultDelivery;
}

/** A list's choice for posts published without one: no row, or null, is 'email'. */
export async function defaultDeliveryOf(
  db: Kysely<DatabaseSchema>,
  listId: string,
): Promise<DefaultDelivery> {
  const row = await db
    .selectFrom('newsletter_settings')
    .select('default_delivery')
    .where('publication_id', '=', listId)
    .executeTakeFirst();
  return row?.default_delivery ?? 'email';
}

/** The only place that reads and writes a list's newsletter settings (decision 61). */
export class NewsletterSettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async find(listId: string): Promise<ListSettings> {
    const row = await this.db
      .selectFrom('newsletter_settings')
      .selectAll()
      .where('publication_id', '=', listId)
      .executeTakeFirst();
    return {
      newsletterName: row?.newsletter_name ?? null,
      senderName: row?.sender_name ?? null,
      replyTo: row?.reply_to ?? null,
      footer: row?.footer ?? null,
      defaultDelivery: row?.default_delivery ?? 'email',
    };
  }

  async save(listId: string, settings: ListSettings, now: string): Promise<void> {
    const values = {
      newsletter_name: settings.newsletterName,
      sender_name: settings.senderName,
      reply_to: settings.replyTo,
      footer: settings.footer,
      default_delivery: settings.defaultDelivery,
      updated_at: now,
    };
    await this.db
      .insertInto('newsletter_settings')
      .values({ publication_id: listId, ...values })
      .onConflict((oc) => oc.column('publication_id').doUpdateSet(values))
      .execute();
  }
}
