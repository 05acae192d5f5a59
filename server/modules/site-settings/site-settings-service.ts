import {
  NAV_PAGE_MISSING_MESSAGE,
  readNav,
  type SiteChromeInput,
  type SiteSettings,
} from '../../../contracts/publication-site';
import { badRequest } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import type { PublicationPagesService } from '../publication-pages/publication-pages-service';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import type { SiteSettingsRepository } from './site-settings-repository';

/**
 * A publication site's navigation and footer (decision 83): anyone may read them (the site shows
 * them); only its owner changes them, as its name, colour and logo (decision 44).
 */
export class SiteSettingsService {
  constructor(
    private readonly settings: SiteSettingsRepository,
    private readonly publications: PublicationsService,
    private readonly pages: PublicationPagesService,
  ) {}

  async get(slug: string): Promise<SiteSettings> {
    return settingsOf(await this.publications.find(slug));
  }

  async setChrome(viewer: Viewer, slug: string, input: SiteChromeInput): Promise<SiteSettings> {
    const publication = await this.publications.requireRole(viewer, slug, 'owner');
    // A link to a page names one of its pages (a draft too: it shows once published).
    const addresses = await this.pages.addresses(publication.id);
    const errors: Record<string, string[]> = {};
    input.nav.forEach((link, index) => {
      if (link.kind === 'page' && !addresses.has(link.target))
        errors[`nav.${index}.target`] = [NAV_PAGE_MISSING_MESSAGE];
    });
    if (Object.keys(errors).length > 0) throw badRequest(NAV_PAGE_MISSING_MESSAGE, errors);
    await this.settings.setChrome(publication.id, JSON.stringify(input.nav), input.footer);
    return settingsOf(await this.publications.find(slug));
  }
}

export function settingsOf(row: PublicationRow): SiteSettings {
  return { nav: readNav(row.site_nav), footer: row.site_footer };
}
