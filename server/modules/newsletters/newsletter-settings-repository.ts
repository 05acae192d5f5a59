import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { NewsletterSettings } from './newsletter-sends-repository';

/** The only place that reads and writes a list's newsletter settings (decision 61). */
export class NewsletterSettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async find(listId: string): Promise<NewsletterSettings> {
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
    };
  }

  async save(listId: string, settings: NewsletterSettings, now: string): Promise<void> {
    const values = {
      newsletter_name: settings.newsletterName,
      sender_name: settings.senderName,
      reply_to: settings.replyTo,
      footer: settings.footer,
      updated_at: now,
    };
    await this.db
      .insertInto('newsletter_settings')
      .values({ publication_id: listId, ...values })
      .onConflict((oc) => oc.column('publication_id').doUpdateSet(values))
      .execute();
  }
}
