import type { FastifyReply } from 'fastify';

/**
 * Cross-Origin-Resource-Policy for a file anyone may read: pictures under /media, the built web
 * app's files (icons, fonts, scripts, styles) and a site's stylesheet. Every other answer keeps
 * helmet's `same-origin` (server/plugins/security.ts).
 *
 * Why `cross-origin`, and not a copy served from each site's own origin: publications' sites live
 * at origins nobody can list in advance (every sub-domain of BASE_DOMAIN, every custom domain,
 * which is another *site*, so `same-site` would not do), and their pages, feeds, the read page and
 * link previews all name a picture by its one address on the main site. Copies per site would be
 * a second address per picture and per site, cached apart by browsers and proxies, and would make
 * a post's HTML (rendered with PUBLIC_URL's addresses) differ by host. What CORP guards against is
 * another site pulling a response into its own process (Spectre-style reads), which matters for
 * answers that differ by reader; these files are the same public bytes for everyone. Pictures
 * are public by address (reading one asks for no token), so nothing becomes readable that was not.
 */
export const PUBLIC_FILE_RESOURCE_POLICY = 'cross-origin';

/** Marks an answer as a public file (see PUBLIC_FILE_RESOURCE_POLICY). */
export function servePublicFile(reply: FastifyReply): FastifyReply {
  return reply.header('cross-origin-resource-policy', PUBLIC_FILE_RESOURCE_POLICY);
}
