import type { FastifyInstance } from 'fastify';
import { PRIVATE_PAGES } from '../../../contracts/site';
import { SITEMAP_PATHS } from '../sitemap/sitemap-service';

/**
 * robots.txt: crawlers may read every public page; the API and the pages only a signed-in writer
 * uses are not for them. `Disallow` matches by prefix, so `/api` covers every API path and
 * `/updateblog` every `/updateblog?id=…`. The sitemap is named by its absolute address
 * (PUBLIC_URL), as the robots exclusion standard asks.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api',
    ...PRIVATE_PAGES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}${SITEMAP_PATHS.index}`,
    '',
  ].join('\n');
}

export function registerRobotsRoute(app: FastifyInstance, deps: { publicUrl: string }): void {
  const body = robotsTxt(deps.publicUrl);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body),
  );
}
