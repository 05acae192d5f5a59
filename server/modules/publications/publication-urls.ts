import { publicationSiteUrl } from '../../../contracts/publications';

/** Publication addresses for this instance's configuration (see publicationSiteUrl). */
export class PublicationUrls {
  constructor(
    readonly publicUrl: string,
    readonly baseDomain: string | undefined,
  ) {}

  /** Absolute, without a trailing slash. */
  siteUrl(publication: { slug: string; verified_domain: string | null }): string {
    return publicationSiteUrl(this, { slug: publication.slug, domain: publication.verified_domain });
  }

  /** The main site's host name and BASE_DOMAIN's names, which no custom domain may claim. */
  isOurs(domain: string): boolean {
    const main = new URL(this.publicUrl).hostname;
    const base = this.baseDomain;
    return domain === main || (base !== undefined && (domain === base || domain.endsWith(`.${base}`)));
  }
}
