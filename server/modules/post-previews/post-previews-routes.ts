import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  PREVIEW_LINK_NOT_FOUND_MESSAGE,
  PREVIEW_MAX_DAYS,
  PREVIEW_NOT_FOUND_MESSAGE,
  type CreatePreviewLinkInput,
} from '../../../contracts/post-previews';
import { answer, previewLinkSchema, readablePostSchema } from '../../openapi/answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { postIdQuerySchema } from '../posts/posts-routes';
import type { PostPreviewsService } from './post-previews-service';

const createPreviewLinkSchema = z.object({
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(PREVIEW_MAX_DAYS, `Expiry must be at most ${PREVIEW_MAX_DAYS} days`)
    .nullish()
    .describe('Days until the link stops working; null or absent: until revoked or the post is published'),
}) satisfies z.ZodType<CreatePreviewLinkInput>;

const linkIdQuerySchema = z.object({ linkId: idSchema('linkId', PREVIEW_LINK_NOT_FOUND_MESSAGE) });
export const tokenQuerySchema = z.object({
  token: z
    .string({ error: PREVIEW_NOT_FOUND_MESSAGE })
    .trim()
    .min(1, PREVIEW_NOT_FOUND_MESSAGE)
    .max(64, PREVIEW_NOT_FOUND_MESSAGE),
});

/** Links change nothing a cached public read shows; the previewed post is never in the cache. */
const keepsCache = { config: { keepsResponseCache: true } };
const tag = 'Posts';

/** Preview links of unpublished posts (docs/decisions/0075-preview-links.md). */
export function registerPostPreviewRoutes(
  app: FastifyInstance,
  deps: { previews: PostPreviewsService },
): void {
  const { previews } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/post/previews',
    {
      schema: declareRoute({
        summary: "A post's preview links",
        description: 'Those that still work, newest first. For whoever may see the unpublished post.',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(z.array(previewLinkSchema)) },
      }),
    },
    async (request) => ({ response: await previews.list(request.viewer, request.query.id) }),
  );

  api.post(
    '/api/post/previews',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Make a preview link',
        description:
          'A secret address that shows the unpublished post to whoever has it, marked as a preview and kept ' +
          'out of search engines, until it expires, is revoked, or the post is published (409 for a published ' +
          'post; 409 past 10 links).',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        body: createPreviewLinkSchema,
        bodyExample: { expiresInDays: 7 },
        answers: { 201: answer(previewLinkSchema) },
      }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ response: await previews.create(request.viewer, request.query.id, request.body) }),
  );

  api.delete(
    '/api/post/previews',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Revoke a preview link',
        description: 'It stops working at once.',
        tag,
        access: 'token',
        querystring: linkIdQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await previews.revoke(request.viewer, request.query.linkId);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/post/preview',
    {
      schema: declareRoute({
        summary: 'Read a post through its preview link',
        description:
          'The post as its page shows it; 404 when the link was revoked, has expired or never existed. ' +
          'A post published since is answered too (its `status` says so).',
        tag,
        access: 'public',
        querystring: tokenQuerySchema,
        answers: { 200: answer(readablePostSchema) },
      }),
    },
    async (request, reply) => {
      // A secret in the address: never kept by a shared cache, never sent on as a Referer.
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      return { response: await previews.read(request.query.token) };
    },
  );
}
