import { mediaCover } from '../../../contracts/media';
import type { PostCover } from '../../../contracts/posts';
import {
  COVER_NOT_FOUND_MESSAGE,
  NAV_PAGE_MISSING_MESSAGE,
  readNav,
  type HomeLayout,
  type SiteChromeInput,
  type SiteLookInput,
  type SiteSettings,
} from '../../../contracts/publication-site';
import { badRequest } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import type { PublicationPagesService } from '../publication-pages/publication-pages-service';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import type { SiteSettingsRepository } from './site-settings-repository';

/**
 * A publication site's navigation, footer and look (decision 83): anyone may read them (the site
 * shows them); only its owner changes them, as its name, colour and logo (decision 44).
 */
export interface HomeLook {
  layout: HomeLayout;
  cover: PostCover | null;
}

export class SiteSettingsService {
  constructor(
    private readonly settings: SiteSettingsRepository,
    private readonly publications: PublicationsService,
    private readonly pages: PublicationPagesService,
  ) {}

  async get(slug: string): Promise<SiteSettings> {
    return this.settingsOf(await this.publications.find(slug));
  }

  /** The home page's layout and cover, for the site's home (decision 83). */
  async look(publicationId: string): Promise<HomeLook> {
    const row = await this.settings.look(publicationId);
    if (!row) return { layout: 'list', cover: null };
    const { id, width, height, widths } = row;
    return {
      layout: row.home_layout,
      cover:
        id !== null && width !== null && height !== null && widths !== null
          ? mediaCover({ id, width, height, widths })
          : null,
    };
  }

  /** The owner's: a cover must be a picture they uploaded, as the logo (decision 44). */
  async setLook(viewer: Viewer, slug: string, input: SiteLookInput): Promise<SiteSettings> {
    const publication = await this.publications.requireRole(viewer, slug, 'owner');
    if (input.coverId !== null && !(await this.settings.ownsMedia(viewer.id, input.coverId))) {
      throw badRequest(COVER_NOT_FOUND_MESSAGE, { coverId: [COVER_NOT_FOUND_MESSAGE] });
    }
    await this.settings.setLook(publication.id, input.layout, input.coverId);
    return this.settingsOf(await this.publications.find(slug));
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
    return this.settingsOf(await this.publications.find(slug));
  }

  private async settingsOf(row: PublicationRow): Promise<SiteSettings> {
    return { nav: readNav(row.site_nav), footer: row.site_footer, ...(await this.look(row.id)) };
  }
}
