import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postWriteSchema } from '../../../contracts/posts';
import { parseTagName } from '../../../contracts/tags';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { userIdQuerySchema } from '../users/users-routes';
import { pageQuerySchema, toPageRequest } from './paging';
import { POST_DELETED_MESSAGE, type PostsService } from './posts-service';

/** `?id=` naming one post or comment. A value that names nothing is a 404 later, not a 400 here. */
export const idQuerySchema = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64, 'id is too long'),
});

/** `?tag=` naming one topic, normalized by the shared rule (so `?tag=Machine Learning` works). */
export const tagNameSchema = z.string({ error: 'tag must be text' }).transform((raw, ctx) => {
  const parsed = parseTagName(raw);
  if (parsed.ok) return parsed.tag;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
const profilePageQuerySchema = pageQuerySchema.extend(userIdQuerySchema.shape);
const allPostsQuerySchema = pageQuerySchema.extend({ tag: tagNameSchema.optional() });

/** HTTP for posts (SPEC §7): translates requests to the posts service and back. */
export function registerPostRoutes(
  app: FastifyInstance,
  deps: { posts: PostsService; auth: Authenticator },
): void {
  const { posts, auth } = deps;

  app.get('/api/post/blog/all', async (request) => {
    const query = parseInput(allPostsQuerySchema, request.query);
    const page = toPageRequest(query);
    const viewer = await auth.optional(request);
    return query.tag === undefined ? posts.list(page, viewer) : posts.listByTag(query.tag, page, viewer);
  });

  app.get('/api/post/blog', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return { response: await posts.get(id, await auth.optional(request)) };
  });

  app.post('/api/post/blog', async (request, reply) => {
    const viewer = await auth.require(request);
    const input = parseInput(postWriteSchema, request.body);
    return reply.code(201).send({ response: await posts.create(viewer, input) });
  });

  app.put('/api/post/blog', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(idQuerySchema, request.query);
    const input = parseInput(postWriteSchema, request.body);
    return { response: await posts.update(viewer, id, input) };
  });

  app.delete('/api/post/blog/delete', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(idQuerySchema, request.query);
    await posts.delete(viewer, id);
    return { message: POST_DELETED_MESSAGE };
  });

  app.get('/api/post/profile', async (request) => {
    const query = parseInput(profilePageQuerySchema, request.query);
    return posts.listByAuthor(query.userId, toPageRequest(query), await auth.optional(request));
  });
}
