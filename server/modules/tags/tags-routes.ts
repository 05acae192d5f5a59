import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { TAGS_LIST_LIMIT_DEFAULT, TAGS_LIST_LIMIT_MAX, normalizeTag } from '../../../contracts/tags';
import { cacheableRead } from '../../lib/response-cache';
import { tagNameSchema } from '../posts/posts-routes';
import type { TagsService } from './tags-service';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, tagInfoSchema, tagSummarySchema, tagsListAnswer } from '../../openapi/answers';

const TAGS_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${TAGS_LIST_LIMIT_MAX}`;

const tagsListQuerySchema = z.object({
  limit: z
    .string({ error: TAGS_LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, TAGS_LIMIT_MESSAGE)
    .transform(Number)
    .refine((value) => value >= 1 && value <= TAGS_LIST_LIMIT_MAX, TAGS_LIMIT_MESSAGE)
    .optional(),
  // What a writer has typed so far in the tag input, normalized like a tag ("Machine Le" →
  // "machine-le"); nothing left after that means no filter.
  prefix: z
    .string({ error: 'prefix must be text' })
    .max(200, 'prefix is too long')
    .transform((raw) => normalizeTag(raw))
    .optional(),
});

export const tagNameQuerySchema = z.object({
  name: z.string({ error: 'name is required' }).pipe(tagNameSchema),
});

/** HTTP for topics: the most used, one topic's header, and the reader's follows. */
export function registerTagRoutes(app: FastifyInstance, deps: { tags: TagsService }): void {
  const { tags } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/tags',
    {
      ...cacheableRead('limit', 'prefix'),
      schema: declareRoute({
        summary: 'List the most used topics',
        description: "`prefix` for a tag input's suggestions.",
        tag: 'Topics',
        access: 'public',
        querystring: tagsListQuerySchema,
        answers: { 200: tagsListAnswer },
      }),
    },
    async (request) => {
      const query = request.query;
      const response = await tags.mostUsed(query.limit ?? TAGS_LIST_LIMIT_DEFAULT, query.prefix ?? null);
      // One path, two clients: Inkwell reads `response`; RealWorld (Conduit) clients read `tags`,
      // the same topics by the names they were typed with (decisions 40 and 59).
      return { response, tags: response.map((tag) => tag.label) };
    },
  );

  api.get(
    '/api/tags/info',
    {
      ...cacheableRead('name'),
      schema: declareRoute({
        summary: "A topic's page header",
        description: '404 for a topic never used.',
        tag: 'Topics',
        access: 'optional',
        querystring: tagNameQuerySchema,
        answers: { 200: answer(tagInfoSchema) },
      }),
    },
    async (request) => {
      const { name } = request.query;
      return { response: await tags.info(name, request.viewer) };
    },
  );

  api.post(
    '/api/tags/follow',
    {
      schema: declareRoute({
        summary: 'Follow a topic',
        description: 'Idempotent; at most 100 topics per reader.',
        tag: 'Topics',
        access: 'token',
        querystring: tagNameQuerySchema,
        answers: { 200: answer(tagInfoSchema) },
      }),
    },
    async (request) => {
      const { name } = request.query;
      return { response: await tags.follow(request.viewer, name) };
    },
  );

  api.delete(
    '/api/tags/follow',
    {
      schema: declareRoute({
        summary: 'Stop following a topic',
        description: 'Idempotent.',
        tag: 'Topics',
        access: 'token',
        querystring: tagNameQuerySchema,
        answers: { 200: answer(tagInfoSchema) },
      }),
    },
    async (request) => {
      const { name } = request.query;
      return { response: await tags.unfollow(request.viewer, name) };
    },
  );

  api.get(
    '/api/tags/following',
    {
      schema: declareRoute({
        summary: "List the reader's topics by name",
        tag: 'Topics',
        access: 'token',
        answers: { 200: answer(z.array(tagSummarySchema)) },
      }),
    },
    async (request) => {
      return { response: await tags.followed(request.viewer) };
    },
  );
}
