import { createHash } from 'node:crypto';
import type { PublicationRow } from '../publications/publications-repository';
import type { PublicationsService } from '../publications/publications-service';
import type { SiteContext } from './site-pages';
import { readNav } from '../../../contracts/publication-site';
import { siteChromeOf } from './site-chrome';
import { SITE_STATS_SCRIPT_SOURCE } from './site-stats-script';

/**
 * What a publication's pages are drawn with: its details, the main site's address, and its
 * stylesheet's address (its accent colour's version in the query, so a change is a new address).
 */
export async function siteContextOf(
  publications: PublicationsService,
  publicUrl: string,
  row: PublicationRow,
  /** Its published pages' addresses, so the header links only those (decision 83). */
  publishedPages?: ReadonlySet<string>,
): Promise<SiteContext> {
  const publication = await publications.details(row);
  const version = createHash('sha256')
    .update(publication.accentColor ?? '')
    .digest('hex')
    .slice(0, 8);
  const chrome = siteChromeOf(readNav(row.site_nav), row.site_footer, {
    siteUrl: publication.url,
    publicUrl,
    publishedPages,
  });
  return { publication, publicUrl, stylesheetUrl: `${publication.url}/site.css?v=${version}`, chrome };
}

/**
 * The Content-Security-Policy of a site's pages, whose only script is the stats one, permitted by
 * its hash, reporting to the main site (site-stats-script.ts). Pictures come from the
 * main site, which in development is another origin (http://localhost…). The stylesheet is at the
 * publication's own address, which is another origin when the page was reached another way (by
 * its path on the main site, or its sub-domain once a domain is verified). The subscribe form
 * posts to the main site, which answers with its page.
 */
export function siteContentPolicy(publicUrl: string, site: SiteContext | undefined): string {
  const mainOrigin = new URL(publicUrl).origin;
  const styles = site ? ` ${new URL(site.publication.url).origin}` : '';
  return `default-src 'none'; script-src ${SITE_STATS_SCRIPT_SOURCE}; connect-src ${mainOrigin}; style-src 'self'${styles}; img-src 'self' data: https: ${mainOrigin}; base-uri 'none'; form-action 'self' ${mainOrigin}; frame-ancestors 'none'`;
}
