import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import {
  STATS_DAYS_DEFAULT,
  STATS_EVENT_PATH,
  postStatsSchema,
  publicationStatsSchema,
  statsDaysSchema,
  statsEventSchema,
  statsTimeZoneSchema,
  writerStatsSchema,
} from '../../../contracts/stats';
import { badRequest } from '../../lib/http-errors';
import { NO_CONTENT, declareRoute, rawAnswer } from '../../openapi/route-schema';
import type { StatsService } from './stats-service';

/** An event is a few short fields; its addresses are at most 2 KB each. */
const EVENT_BODY_LIMIT = 8 * 1024;

const DAYS_NOTE =
  "`days=N` (1–365, default 30) is the last N days, today included, and `days=1` today by the hour. `tz` (an IANA time zone such as `Europe/Paris`; default UTC) is the writer's time zone: days begin at its midnight. Views and reads are counted in it from the hourly figures, kept 30 days (`zoneFrom` says from which day when the range reaches further back; older days are UTC days); visitors are counted by UTC day of the same dates, since a day's visitors are only known for the UTC day of its salt; sources, devices, browsers and top posts over every UTC day the range touches.";
const FIGURES_NOTE =
  '`visitors` are unique per day (a salted hash of the address and user agent, its salt thrown away after the day), added up over the days; `reads` are views whose reader reached the end or stayed for the reading time. Bots, readers sending DNT or Sec-GPC, and the writer on their own pages are not counted.';

const postQuery = z.object({
  id: idSchema('id', POST_NOT_FOUND_MESSAGE),
  days: statsDaysSchema,
  tz: statsTimeZoneSchema,
});
const writerQuery = z.object({ days: statsDaysSchema, tz: statsTimeZoneSchema });
const publicationQuery = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(200, 'id is too long'),
  days: statsDaysSchema,
  tz: statsTimeZoneSchema,
});

const csvAnswer = rawAnswer(
  'One line per page and day with any views: date, page (post, profile or publication), id, title, views, visitors, reads.',
  'text/csv',
);

export function registerStatsRoutes(app: FastifyInstance, deps: { stats: StatsService }): void {
  registerEventRoute(app, deps);
  registerReportRoutes(app, deps);
}

/**
 * The one endpoint pages report to. It takes JSON (fetch) and text holding JSON (sendBeacon from
 * a publication's site, whose text/plain needs no CORS preflight), answers 204 at once whether or
 * not the event counted, and leaves the response cache alone: a view changes no page.
 */
function registerEventRoute(app: FastifyInstance, { stats }: { stats: StatsService }): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest('The body must be JSON'), undefined);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      STATS_EVENT_PATH,
      {
        bodyLimit: EVENT_BODY_LIMIT,
        config: { keepsResponseCache: true },
        // An empty answer: nothing to compress, so not even the compression hook's look.
        compress: false,
        schema: declareRoute({
          summary: 'Report a view or a read of a page',
          description:
            "Sent by Inkwell's pages once they are interactive: `view` when shown, `read` when the reader reached the end of a post or stayed for its reading time. `page` is the page's address (its `utm_source` or `ref` names the source) and `referrer` the address it was reached from (only its host is kept). Always 204: whether it counted is not said. Also taken as `text/plain` holding the same JSON (navigator.sendBeacon).",
          tag: 'Stats',
          access: 'optional',
          body: statsEventSchema,
          bodyExample: {
            kind: 'post',
            id: '0190b5c8-3f4e-7c1a-9d2b-5e6f7a8b9c0d',
            event: 'view',
            page: 'https://inkwell.example/readblog?id=0190b5c8-3f4e-7c1a-9d2b-5e6f7a8b9c0d&ref=newsletter',
            referrer: 'https://news.example/',
          },
          answers: { 204: NO_CONTENT },
        }),
      },
      async (request, reply) => {
        await stats.record(request.body, {
          address: request.ip,
          headers: request.headers,
          viewer: request.viewer,
        });
        // Publications' sites report from their own origins: their beacons may read this empty answer.
        return reply.code(204).header('cross-origin-resource-policy', 'cross-origin').send();
      },
    );
  });
}

function registerReportRoutes(app: FastifyInstance, { stats }: { stats: StatsService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  api.get(
    '/api/stats/post',
    {
      schema: declareRoute({
        summary: "A post's views, visitors, reads and sources",
        description: `For the post's writer and its publication's owner and editors; 403 for anyone else, 404 for no such post. ${DAYS_NOTE} ${FIGURES_NOTE}`,
        tag: 'Stats',
        access: 'token',
        querystring: postQuery,
        answers: { 200: postStatsSchema },
      }),
    },
    async (request, reply) => {
      reply.headers(noStore);
      const { id, days, tz } = request.query;
      return stats.postStats(request.viewer, id, days ?? STATS_DAYS_DEFAULT, tz);
    },
  );

  api.get(
    '/api/stats/writer',
    {
      schema: declareRoute({
        summary: "The signed-in writer's figures over all their pages",
        description: `Every post they wrote (in their blog or a publication) and their profile; visitors are unique across all of them each day. With the top posts and the visitors of the last 30 minutes. ${DAYS_NOTE} ${FIGURES_NOTE}`,
        tag: 'Stats',
        access: 'token',
        querystring: writerQuery,
        answers: { 200: writerStatsSchema },
      }),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return stats.writerStats(request.viewer, request.query.days ?? STATS_DAYS_DEFAULT, request.query.tz);
    },
  );

  api.get(
    '/api/stats/publication',
    {
      schema: declareRoute({
        summary: "A publication's figures over its posts and home page",
        description: `\`id\` is the publication's id or address (slug); a writer's own blog is a publication with their user id. For its owner and editors; 403 for anyone else, 404 for no such publication. ${DAYS_NOTE} ${FIGURES_NOTE}`,
        tag: 'Stats',
        access: 'token',
        querystring: publicationQuery,
        answers: { 200: publicationStatsSchema },
      }),
    },
    async (request, reply) => {
      reply.headers(noStore);
      return stats.publicationStats(
        request.viewer,
        request.query.id,
        request.query.days ?? STATS_DAYS_DEFAULT,
        request.query.tz,
      );
    },
  );

  const csvRoutes = [
    { path: '/api/stats/post.csv', what: 'a post', querystring: postQuery, kind: 'post' },
    {
      path: '/api/stats/writer.csv',
      what: "the signed-in writer's pages",
      querystring: writerQuery,
      kind: 'writer',
    },
    {
      path: '/api/stats/publication.csv',
      what: "a publication's pages",
      querystring: publicationQuery,
      kind: 'publication',
    },
  ] as const;
  for (const route of csvRoutes) {
    api.get(
      route.path,
      {
        schema: declareRoute({
          summary: `The figures of ${route.what} per day, as CSV`,
          description: `The same access and \`days\` as the JSON route beside it; its dates are the stored UTC days (\`tz\` is not used here). ${DAYS_NOTE}`,
          tag: 'Stats',
          access: 'token',
          querystring: route.querystring,
          answers: { 200: csvAnswer },
        }),
      },
      async (request, reply) => {
        const query = request.query as { id?: string; days?: number };
        const target =
          route.kind === 'writer' ? { kind: route.kind } : { kind: route.kind, id: query.id ?? '' };
        const { scope, name } = await stats.csvScope(request.viewer, target);
        const days = query.days ?? STATS_DAYS_DEFAULT;
        const body = await stats.csv(scope, days);
        return reply
          .headers(noStore)
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="inkwell-stats-${route.kind}-${safeName(name)}-${days}d.csv"`,
          )
          .send(body);
      },
    );
  }
}

const safeName = (name: string) => name.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'stats';
