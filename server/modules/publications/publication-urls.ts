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

  /** A custom domain's site address, on PUBLIC_URL's scheme (HTTPS when the main site has it). */
  domainUrl(domain: string): string {
    return publicationSiteUrl(this, { slug: '', domain });
  }

  /**
   * The host a custom domain follows: BASE_DOMAIN, which the README has pointed at the proxy
   * already (its wildcard serves the sub-domains), or else the main site's own host.
   */
  pointingTarget(): string {
    return this.baseDomain ?? new URL(this.publicUrl).hostname;
  }

  /** The main site's host name and BASE_DOMAIN's names, which no custom domain may claim. */
  isOurs(domain: string): boolean {
    const main = new URL(this.publicUrl).hostname;
    const base = this.baseDomain;
    return domain === main || (base !== undefined && (domain === base || domain.endsWith(`.${base}`)));
  }
}
