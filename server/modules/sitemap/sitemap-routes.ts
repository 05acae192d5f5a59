import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendCacheable } from '../../lib/conditional-response';
import { notFound } from '../../lib/http-errors';
import { isUuid } from '../../../contracts/ids';
import type { KeyRange } from './keyset-ranges';
import { SITEMAP_PATHS, type SitemapDocument, type SitemapService } from './sitemap-service';
import { NOT_MODIFIED, rawAnswer, routeSchema } from '../../openapi/route-schema';

const XML = 'application/xml; charset=utf-8';
/** Crawlers fetch sitemaps a few times a day; an hour's freshness is plenty. */
const SITEMAP_CACHE_CONTROL = 'public, max-age=3600';
const NOT_A_SITEMAP_MESSAGE = 'No such sitemap';

const rangeQuerySchema = z.object({
  after: z.string().refine(isUuid).optional(),
  until: z.string().refine(isUuid).optional(),
});

/**
 * Topic ranges are named by tags, which are at most 30 characters (contracts/tags.ts) and never
 * hold a NUL (which PostgreSQL refuses in a text parameter).
 */
const topicBound = z
  .string()
  .min(1)
  .max(200)
  .refine((bound) => !bound.includes('\u0000'));
const topicRangeQuerySchema = z.object({ after: topicBound.optional(), until: topicBound.optional() });

/**
 * A child sitemap's range as the index wrote it. Anything else is an address the index never
 * gave out: 404, like any other page that does not exist.
 */
function parseRange(
  query: unknown,
  schema: z.ZodType<{ after?: string; until?: string }> = rangeQuerySchema,
): KeyRange {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw notFound(NOT_A_SITEMAP_MESSAGE);
  return { after: parsed.data.after ?? null, until: parsed.data.until ?? null };
}

function sitemapSchema(summary: string, description?: string, querystring?: z.ZodType) {
  return {
    schema: routeSchema({
      summary,
      ...(description ? { description } : {}),
      tag: 'Open web',
      access: 'public',
      ...(querystring ? { querystring } : {}),
      answers: { 200: rawAnswer('The sitemap.', 'application/xml'), 304: NOT_MODIFIED },
    }),
  };
}

/** GET /sitemap.xml (an index) and its child sitemaps. */
export function registerSitemapRoutes(app: FastifyInstance, deps: { sitemaps: SitemapService }): void {
  const { sitemaps } = deps;
  const send = (document: SitemapDocument) => ({
    ...document,
    contentType: XML,
    cacheControl: SITEMAP_CACHE_CONTROL,
  });

  app.get(
    SITEMAP_PATHS.index,
    sitemapSchema('The sitemap index', 'Lists the child sitemaps, each a range of at most 50,000 addresses.'),
    async (request, reply) => sendCacheable(request, reply, send(await sitemaps.index())),
  );
  app.get(SITEMAP_PATHS.pages, sitemapSchema('The sitemap of fixed pages'), async (request, reply) =>
    sendCacheable(request, reply, send(sitemaps.pages())),
  );
  app.get(
    SITEMAP_PATHS.posts,
    sitemapSchema('A sitemap of posts', 'A range named by the index.', rangeQuerySchema),
    async (request, reply) =>
      sendCacheable(request, reply, send(await sitemaps.posts(parseRange(request.query)))),
  );
  app.get(
    SITEMAP_PATHS.profiles,
    sitemapSchema('A sitemap of profiles', 'A range named by the index.', rangeQuerySchema),
    async (request, reply) =>
      sendCacheable(request, reply, send(await sitemaps.profiles(parseRange(request.query)))),
  );
  app.get(
    SITEMAP_PATHS.series,
    sitemapSchema('A sitemap of series', 'A range named by the index.', rangeQuerySchema),
    async (request, reply) =>
      sendCacheable(request, reply, send(await sitemaps.series(parseRange(request.query)))),
  );
  app.get(
    SITEMAP_PATHS.topics,
    sitemapSchema('A sitemap of topics', 'A range named by the index.', topicRangeQuerySchema),
    async (request, reply) =>
      sendCacheable(
        request,
        reply,
        send(await sitemaps.topics(parseRange(request.query, topicRangeQuerySchema))),
      ),
  );
}
