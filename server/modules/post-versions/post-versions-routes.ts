import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { VERSION_NOT_FOUND_MESSAGE } from '../../../contracts/post-versions';
import { VERSION_MESSAGE, type StaleVersionResponse } from '../../../contracts/posts';
import { answer, postSchema } from '../../openapi/answers';
import { postVersionSchema, postVersionSummarySchema } from '../../openapi/post-version-answers';
import { declareRoute } from '../../openapi/route-schema';
import { postIdQuerySchema } from '../posts/posts-routes';
import { StaleVersionError } from '../posts/posts-service';
import type { PostVersionsService } from './post-versions-service';

const versionIdQuerySchema = z.object({ versionId: idSchema('versionId', VERSION_NOT_FOUND_MESSAGE) });
const restoreSchema = z.object({
  version: z
    .number({ error: VERSION_MESSAGE })
    .int(VERSION_MESSAGE)
    .min(1, VERSION_MESSAGE)
    .optional()
    .describe("The post's version the editor shows: a post changed since is a 409, as for a save"),
});

/** Reading the history changes nothing a cached public read shows. */
const keepsCache = { config: { keepsResponseCache: true } };
const tag = 'Posts';

/** A post's version history, for those who may edit it (docs/decisions/0076-post-versions.md). */
export function registerPostVersionRoutes(
  app: FastifyInstance,
  deps: { versions: PostVersionsService },
): void {
  const { versions } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/post/versions',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: "A post's version history",
        description:
          'Newest first, without their text. Autosaves minutes apart share one entry; each publish, button ' +
          'save and restore has its own. For whoever may edit the post (as PUT /api/post/blog).',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(z.array(postVersionSummarySchema)) },
      }),
    },
    async (request) => ({ response: await versions.list(request.viewer, request.query.id) }),
  );

  api.get(
    '/api/post/version',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'One version of a post, with its text',
        description: '404 when it does not exist or its post is not one the viewer may edit.',
        tag,
        access: 'token',
        querystring: versionIdQuerySchema,
        answers: { 200: answer(postVersionSchema) },
      }),
    },
    async (request) => ({ response: await versions.get(request.viewer, request.query.versionId) }),
  );

  // A restore is an edit: the public cache forgets the post, as after PUT /api/post/blog.
  api.post(
    '/api/post/version/restore',
    {
      schema: declareRoute({
        summary: "Restore a version's text",
        description:
          "The version's title and body become the post's, as an edit (its state, topics and cover stay), " +
          "and the history gains a `restore` version; none is lost. A `version` older than the post's is " +
          'a 409 carrying `currentVersion`.',
        tag,
        access: 'token',
        querystring: versionIdQuerySchema,
        body: restoreSchema,
        bodyExample: { version: 3 },
        answers: { 200: answer(postSchema) },
      }),
    },
    async (request, reply) => {
      try {
        const post = await versions.restore(request.viewer, request.query.versionId, request.body.version);
        return { response: post };
      } catch (error) {
        if (!(error instanceof StaleVersionError)) throw error;
        const body: StaleVersionResponse = { message: error.message, currentVersion: error.currentVersion };
        return reply.code(409).send(body);
      }
    },
  );
}
