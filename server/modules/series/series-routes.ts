import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { SERIES_NOT_FOUND_MESSAGE } from '../../../contracts/series';
import { createSeriesSchema, seriesPostsSchema, updateSeriesSchema } from '../../../contracts/series-input';
import { cacheableRead } from '../../lib/response-cache';
import { answer } from '../../openapi/answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { seriesPartSchema, seriesSchema, seriesSummarySchema } from '../../openapi/series-answers';
import type { SeriesService } from './series-service';

/** `?id=` naming one series: an id that is not a UUID is the same 404 as one that names nothing. */
export const seriesIdQuerySchema = z.object({ id: idSchema('id', SERIES_NOT_FOUND_MESSAGE) });

/** `?userId=` (a writer's own series) or `?publication=` (a team publication's): exactly one. */
export const seriesListQuerySchema = z
  .object({
    userId: idSchema('userId', 'User not found').optional(),
    publication: z.string({ error: 'publication must be a slug' }).trim().min(1).max(100).optional(),
  })
  .refine((query) => (query.userId === undefined) !== (query.publication === undefined), {
    message: 'Give either userId or publication',
  });

const tag = 'Series';

/** Series (docs/decisions/0078-series.md): public reads, writes for the series' managers. */
export function registerSeriesRoutes(app: FastifyInstance, deps: { series: SeriesService }): void {
  const { series } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/series',
    {
      ...cacheableRead('id'),
      schema: declareRoute({
        summary: 'Read a series',
        description: 'Its parts in order: only the posts readers can read (published, not hidden, listed).',
        tag,
        access: 'public',
        querystring: seriesIdQuerySchema,
        answers: { 200: answer(seriesSchema) },
      }),
    },
    async (request) => ({ response: await series.read(request.query.id) }),
  );

  api.get(
    '/api/series/list',
    {
      ...cacheableRead('userId', 'publication'),
      schema: declareRoute({
        summary: "A writer's or a publication's series",
        description:
          'With `userId`, the writer’s own; with `publication` (a slug), the publication’s. Newest first, ' +
          'only those with a part readers can see.',
        tag,
        access: 'public',
        querystring: seriesListQuerySchema,
        answers: { 200: answer(z.array(seriesSummarySchema)) },
      }),
    },
    async (request) => {
      const { userId, publication } = request.query;
      return {
        response: await series.listPublic(userId !== undefined ? { userId } : { publication: publication! }),
      };
    },
  );

  api.get(
    '/api/series/mine',
    {
      schema: declareRoute({
        summary: 'The series you manage',
        description:
          'Your own, and those of the publications you own or edit, newest first, each with all its posts ' +
          '(drafts too, `visible` saying whether readers see each).',
        tag,
        access: 'token',
        answers: { 200: answer(z.array(seriesSchema)) },
      }),
    },
    async (request) => ({ response: await series.listManaged(request.viewer) }),
  );

  api.get(
    '/api/series/candidates',
    {
      schema: declareRoute({
        summary: 'Posts that can join a series',
        description:
          'For the series’ managers: its blog’s posts (drafts too, `visible` saying whether readers see ' +
          'each) that are in no series yet, newest first, at most 200.',
        tag,
        access: 'token',
        querystring: seriesIdQuerySchema,
        answers: { 200: answer(z.array(seriesPartSchema)) },
      }),
    },
    async (request) => ({ response: await series.candidates(request.viewer, request.query.id) }),
  );

  api.post(
    '/api/series',
    {
      schema: declareRoute({
        summary: 'Make a series',
        description:
          'Yours, or with `publication` a team publication’s (its owner and editors; 403 for anyone else). ' +
          'Empty at first: add posts with PUT /api/series/posts.',
        tag,
        access: 'token',
        body: createSeriesSchema,
        bodyExample: { title: 'Notes on the Analytical Engine', description: 'Seven notes, in order.' },
        answers: { 201: answer(seriesSchema) },
      }),
    },
    async (request, reply) =>
      reply.code(201).send({ response: await series.create(request.viewer, request.body) }),
  );

  api.put(
    '/api/series',
    {
      schema: declareRoute({
        summary: "Change a series' title and description",
        description: 'Its writer, or its publication’s owner and editors.',
        tag,
        access: 'token',
        querystring: seriesIdQuerySchema,
        body: updateSeriesSchema,
        bodyExample: { title: 'Notes on the Analytical Engine', description: 'Seven notes, in order.' },
        answers: { 200: answer(seriesSchema) },
      }),
    },
    async (request) => ({ response: await series.update(request.viewer, request.query.id, request.body) }),
  );

  api.put(
    '/api/series/posts',
    {
      schema: declareRoute({
        summary: "Set a series' posts, in order",
        description:
          'The whole list at once: adding, removing and reordering are one write. Only posts of the series’ ' +
          'blog (403 otherwise); a post in another series is a 409; at most 100.',
        tag,
        access: 'token',
        querystring: seriesIdQuerySchema,
        body: seriesPostsSchema,
        bodyExample: { postIds: ['019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f'] },
        answers: { 200: answer(seriesSchema) },
      }),
    },
    async (request) => ({ response: await series.setPosts(request.viewer, request.query.id, request.body) }),
  );

  api.delete(
    '/api/series',
    {
      schema: declareRoute({
        summary: 'Delete a series',
        description: 'Its posts stay; only the grouping goes.',
        tag,
        access: 'token',
        querystring: seriesIdQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await series.delete(request.viewer, request.query.id);
      return reply.code(204).send();
    },
  );
}
