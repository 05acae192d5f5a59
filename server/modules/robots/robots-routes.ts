import type { FastifyInstance } from 'fastify';
import { PRIVATE_PAGES } from '../../../contracts/site';
import { SITEMAP_PATHS } from '../sitemap/sitemap-service';
import { rawAnswer, declareRoute } from '../../openapi/route-schema';

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
  const schema = declareRoute({
    summary: 'robots.txt',
    description: 'Keeps crawlers out of the API and private pages, and names the sitemap.',
    tag: 'Open web',
    access: 'public',
    answers: { 200: rawAnswer('The rules.', 'text/plain') },
  });
  app.get('/robots.txt', { schema }, (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(body),
  );
}
