import type { Kysely } from 'kysely';
import type { HomeLayout } from '../../../contracts/publication-site';
import type { DatabaseSchema } from '../../db/schema';

/** The only place that writes a publication's site settings (decision 83): columns of its row. */
export class SiteSettingsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** A site home's layout and cover in one read (the site's home page asks on every visit). */
  look(publicationId: string) {
    return this.db
      .selectFrom('publications')
      .leftJoin('media', 'media.id', 'publications.cover_id')
      .select(['publications.home_layout', 'media.id', 'media.width', 'media.height', 'media.widths'])
      .where('publications.id', '=', publicationId)
      .executeTakeFirst();
  }

  async ownsMedia(userId: string, mediaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('id', '=', mediaId)
      .where('owner_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async setLook(publicationId: string, layout: HomeLayout, coverId: string | null): Promise<void> {
    await this.db
      .updateTable('publications')
      .set({ home_layout: layout, cover_id: coverId })
      .where('id', '=', publicationId)
      .execute();
  }

  async setChrome(publicationId: string, nav: string, footer: string): Promise<void> {
    await this.db
      .updateTable('publications')
      .set({ site_nav: nav, site_footer: footer })
      .where('id', '=', publicationId)
      .execute();
  }
}
