import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  POST_NOT_FOUND_MESSAGE,
  postWriteSchema,
  previewInputSchema,
  type StaleVersionResponse,
} from '../../../contracts/posts';
import { parseTagName } from '../../../contracts/tags';
import { answer, messageAnswer, page, postSchema, readablePostSchema } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cacheableRead } from '../../lib/response-cache';
import { userIdQuerySchema } from '../users/users-routes';
import { pageQuerySchema, toTimePageRequest } from './paging';
import { POST_DELETED_MESSAGE, StaleVersionError, type PostsService } from './posts-service';
import { exampleBodies } from '../../openapi/examples';

/** `?id=` naming one post: an id that is not a UUID is the same 404 as one that names nothing. */
export const postIdQuerySchema = z.object({ id: idSchema('id', POST_NOT_FOUND_MESSAGE) });

/** `?tag=` naming one topic, normalized by the shared rule (so `?tag=Machine Learning` works). */
export const tagNameSchema = z.string({ error: 'tag must be text' }).transform((raw, ctx) => {
  const parsed = parseTagName(raw);
  if (parsed.ok) return parsed.tag;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
export const profilePageQuerySchema = pageQuerySchema.extend(userIdQuerySchema.shape);
export const allPostsQuerySchema = pageQuerySchema.extend({ tag: tagNameSchema.optional() });

/** HTTP for posts (specification §7): translates requests to the posts service and back. */
export function registerPostRoutes(app: FastifyInstance, deps: { posts: PostsService }): void {
  const { posts } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/post/blog/all',
    {
      ...cacheableRead('limit', 'cursor', 'tag'),
      schema: declareRoute({
        summary: 'List published posts, newest first',
        description: "With `tag`, that topic's posts (404 for a topic never used).",
        tag: 'Posts',
        access: 'optional',
        querystring: allPostsQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      const page = toTimePageRequest(query);
      return query.tag === undefined
        ? posts.list(page, request.viewer)
        : posts.listByTag(query.tag, page, request.viewer);
    },
  );

  api.get(
    '/api/post/blog',
    {
      ...cacheableRead('id'),
      schema: declareRoute({
        summary: 'Read one post',
        description: 'A draft or scheduled post only for its author (404 for anyone else).',
        tag: 'Posts',
        access: 'optional',
        querystring: postIdQuerySchema,
        answers: { 200: answer(readablePostSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      return { response: await posts.read(id, request.viewer) };
    },
  );

  api.post(
    '/api/post/blog',
    {
      schema: declareRoute({
        summary: 'Write a post',
        description:
          'Published at once without `status`/`publishAt`; `status: "draft"` keeps a draft (title and content may be empty); a future `publishAt` schedules it.',
        tag: 'Posts',
        access: 'token',
        body: postWriteSchema,
        bodyExample: exampleBodies.writePost,
        answers: { 201: answer(postSchema) },
      }),
    },
    async (request, reply) => {
      return reply.code(201).send({ response: await posts.create(request.viewer, request.body) });
    },
  );

  api.put(
    '/api/post/blog',
    {
      schema: declareRoute({
        summary: 'Edit a post',
        description:
          'Only its author. Without `tags`/`coverId` they stay; without `status`/`publishAt` the state stays; `status: "draft"` unpublishes. A `version` older than the post\'s is a 409 carrying `currentVersion`.',
        tag: 'Posts',
        access: 'token',
        querystring: postIdQuerySchema,
        body: postWriteSchema,
        bodyExample: exampleBodies.writePost,
        answers: { 200: answer(postSchema) },
      }),
    },
    async (request, reply) => {
      const { id } = request.query;
      const input = request.body;
      try {
        return { response: await posts.update(request.viewer, id, input) };
      } catch (error) {
        if (!(error instanceof StaleVersionError)) throw error;
        // The editor shows the conflict and offers the newer version: it needs its number.
        const body: StaleVersionResponse = { message: error.message, currentVersion: error.currentVersion };
        return reply.code(409).send(body);
      }
    },
  );

  /** The writer's drafts and scheduled posts (never cached: answers to a token are not kept). */
  api.get(
    '/api/post/drafts',
    {
      schema: declareRoute({
        summary: "List the writer's drafts and scheduled posts, newest edit first",
        tag: 'Posts',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      return posts.listDrafts(request.viewer, toTimePageRequest(request.query));
    },
  );

  /** The editor's Preview: the same renderer as the read page, so what the writer sees is what readers get. */
  api.post(
    '/api/post/preview',
    {
      config: { keepsResponseCache: true },
      schema: declareRoute({
        summary: 'Render Markdown as the read page would',
        tag: 'Posts',
        access: 'token',
        body: previewInputSchema,
        answers: { 200: answer(z.strictObject({ contentHtml: z.string() })) },
      }),
    },
    async (request) => {
      const { content } = request.body;
      return { response: posts.preview(content) };
    },
  );

  api.delete(
    '/api/post/blog/delete',
    {
      schema: declareRoute({
        summary: 'Delete a post',
        description:
          'Its author, or the owner of the publication it is in; its comments and favorites go with it.',
        tag: 'Posts',
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const { id } = request.query;
      await posts.delete(request.viewer, id);
      return { message: POST_DELETED_MESSAGE };
    },
  );

  api.get(
    '/api/post/profile',
    {
      ...cacheableRead('userId', 'limit', 'cursor'),
      schema: declareRoute({
        summary: "List one writer's published posts, newest first",
        tag: 'Posts',
        access: 'optional',
        querystring: profilePageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      return posts.listByAuthor(query.userId, toTimePageRequest(query), request.viewer);
    },
  );
}
