import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { FEED_PATHS, type FeedFormat } from '../../../contracts/feeds';
import { idSchema } from '../../../contracts/ids';
import { SERIES_NOT_FOUND_MESSAGE } from '../../../contracts/series';
import { sendCacheable } from '../../lib/conditional-response';
import { parseTagName } from '../../../contracts/tags';
import { notFound } from '../../lib/http-errors';
import {
  FEED_AUTHOR_NOT_FOUND_MESSAGE,
  FEED_TOPIC_NOT_FOUND_MESSAGE,
  type FeedsService,
} from './feeds-service';
import { NOT_MODIFIED, rawAnswer, routeSchema } from '../../openapi/route-schema';

/** Readers poll; five minutes of freshness spares the database, revalidation (304) after that. */
const FEED_CACHE_CONTROL = 'public, max-age=300';

/**
 * Absent: the whole site. Present, it must name one author (the shared id rule); a malformed,
 * repeated or empty one names nobody, and a feed that does not exist is a 404 like any page.
 */
const feedQuerySchema = z.object({ userId: idSchema('userId', FEED_AUTHOR_NOT_FOUND_MESSAGE).optional() });

/** `?tag=` names one topic by the shared rule (`?tag=Machine Learning` is machine-learning). */
const feedTagSchema = z.object({ tag: z.string().optional() });
/** `?series=` names one series by its id; anything else names none. */
const feedSeriesSchema = z.object({ series: idSchema('series', SERIES_NOT_FOUND_MESSAGE).optional() });
const feedDocsQuerySchema = feedQuerySchema.extend(feedTagSchema.shape).extend(feedSeriesSchema.shape);

/**
 * GET /rss.xml and /atom.xml, optionally `?userId=` for one author or `?tag=` for one topic
 * (contracts/feeds.ts). A feed narrows to one of them: both at once name no feed.
 */
export function registerFeedRoutes(app: FastifyInstance, deps: { feeds: FeedsService }): void {
  for (const format of Object.keys(FEED_PATHS) as FeedFormat[]) {
    app.get(
      FEED_PATHS[format],
      {
        schema: routeSchema({
          summary: format === 'rss' ? 'The RSS feed' : 'The Atom feed',
          description:
            "The newest posts; `userId` for one writer's, `tag` for one topic's, `series` for one series' parts. " +
            '404 for an unknown writer, topic or series, or for two of them at once.',
          tag: 'Open web',
          access: 'public',
          querystring: feedDocsQuerySchema,
          answers: {
            200: rawAnswer('The feed.', format === 'rss' ? 'application/rss+xml' : 'application/atom+xml'),
            304: NOT_MODIFIED,
          },
        }),
      },
      async (request, reply) => {
        const query = feedQuerySchema.safeParse(request.query ?? {});
        if (!query.success) throw notFound(FEED_AUTHOR_NOT_FOUND_MESSAGE);
        const rawTag = feedTagSchema.safeParse(request.query ?? {});
        if (!rawTag.success) throw notFound(FEED_TOPIC_NOT_FOUND_MESSAGE);
        let tag: string | undefined;
        if (rawTag.data.tag !== undefined) {
          const parsed = parseTagName(rawTag.data.tag);
          if (!parsed.ok || query.data.userId !== undefined) throw notFound(FEED_TOPIC_NOT_FOUND_MESSAGE);
          tag = parsed.tag;
        }
        const series = feedSeriesSchema.safeParse(request.query ?? {});
        if (!series.success) throw notFound(SERIES_NOT_FOUND_MESSAGE);
        if (series.data.series !== undefined) {
          if (query.data.userId !== undefined || tag !== undefined) throw notFound(SERIES_NOT_FOUND_MESSAGE);
          const document = await deps.feeds.feed(format, { series: series.data.series });
          return sendCacheable(request, reply, { ...document, cacheControl: FEED_CACHE_CONTROL });
        }
        const document = await deps.feeds.feed(format, { userId: query.data.userId, tag });
        return sendCacheable(request, reply, { ...document, cacheControl: FEED_CACHE_CONTROL });
      },
    );
  }
}
