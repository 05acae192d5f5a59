import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** The only place that writes a publication's site settings (decision 83): columns of its row. */
export class SiteSettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async setChrome(publicationId: string, nav: string, footer: string): Promise<void> {
    await this.db
      .updateTable('publications')
      .set({ site_nav: nav, site_footer: footer })
      .where('id', '=', publicationId)
      .execute();
  }
}
