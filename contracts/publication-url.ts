/**
 * A publication's addresses, in a module of their own without Zod: cards and the
 * read page link to publications' sites, and must not carry the schemas in contracts/publications.ts.
 */

/**
 * Where a publication's site is read: its verified custom domain, else its
 * sub-domain of BASE_DOMAIN, else its path on the main site. Made from the configuration and the
 * database alone, never from a request's Host, so no generated link carries an unvalidated name.
 * The scheme and port are the main site's (PUBLIC_URL): behind one proxy, all sites share them.
 * Absolute, without a trailing slash.
 */
export function publicationSiteUrl(
  site: { publicUrl: string; baseDomain?: string | undefined },
  publication: { slug: string; domain: string | null },
): string {
  const main = new URL(site.publicUrl);
  const port = main.port ? `:${main.port}` : '';
  if (publication.domain) return `${main.protocol}//${publication.domain}${port}`;
  if (site.baseDomain) return `${main.protocol}//${publication.slug}.${site.baseDomain}${port}`;
  return `${site.publicUrl}/pub/${publication.slug}`;
}

/**
 * A post's address on its publication's site, after `publicationSiteUrl`: by its slug once it has
 * one (docs/decisions/0079-post-settings.md), else by its id; the id address keeps answering (301).
 */
export const sitePostPath = (post: { id: string; slug?: string | null }) =>
  `/posts/${encodeURIComponent(post.slug ?? post.id)}`;
