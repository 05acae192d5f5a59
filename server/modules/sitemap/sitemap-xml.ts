/**
 * The sitemaps.org 0.9 format, written directly: four elements whose values are absolute
 * addresses and timestamps we build ourselves. Libraries were 8–25× slower at 50,000 URLs
 * (docs/decisions/0008-sitemap-keyset-ranges.md), and a child sitemap is that size.
 */

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

const NEEDS_ESCAPING = /[&<>"']/;

/** The sitemap protocol asks for entity-escaped URLs (its &amp; in a query string, and the rest). */
export function escapeXml(text: string): string {
  // Most values need nothing; testing first is several times faster over 50,000 URLs.
  return NEEDS_ESCAPING.test(text) ? text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char) : text;
}

export interface SitemapUrl {
  /** Absolute. */
  loc: string;
  /** W3C datetime (ISO 8601), when the page last changed. */
  lastmod?: string;
}

export function writeUrlSet(urls: Iterable<SitemapUrl>): string {
  let xml = `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
  for (const url of urls) {
    const lastmod = url.lastmod === undefined ? '' : `<lastmod>${escapeXml(url.lastmod)}</lastmod>`;
    xml += `<url><loc>${escapeXml(url.loc)}</loc>${lastmod}</url>\n`;
  }
  return `${xml}</urlset>\n`;
}

export function writeSitemapIndex(sitemapUrls: Iterable<string>): string {
  let xml = `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`;
  for (const loc of sitemapUrls) xml += `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`;
  return `${xml}</sitemapindex>\n`;
}
