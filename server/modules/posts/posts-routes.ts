import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE, postInputSchema } from '../../../contracts/posts';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { cacheableRead } from '../../lib/response-cache';
import { userIdQuerySchema } from '../users/users-routes';
import { pageQuerySchema, toPageRequest } from './paging';
import { POST_DELETED_MESSAGE, type PostsService } from './posts-service';

/** `?id=` naming one post: an id that is not a UUID is the same 404 as one that names nothing. */
export const postIdQuerySchema = z.object({ id: idSchema('id', POST_NOT_FOUND_MESSAGE) });

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
const profilePageQuerySchema = pageQuerySchema.extend(userIdQuerySchema.shape);

/** HTTP for posts (SPEC §7): translates requests to the posts service and back. */
export function registerPostRoutes(
  app: FastifyInstance,
  deps: { posts: PostsService; auth: Authenticator },
): void {
  const { posts, auth } = deps;

  app.get('/api/post/blog/all', cacheableRead('limit', 'cursor'), async (request) => {
    const page = toPageRequest(parseInput(pageQuerySchema, request.query));
    return posts.list(page, await auth.optional(request));
  });

  app.get('/api/post/blog', cacheableRead('id'), async (request) => {
    const { id } = parseInput(postIdQuerySchema, request.query);
    return { response: await posts.read(id, await auth.optional(request)) };
  });

  app.post('/api/post/blog', async (request, reply) => {
    const viewer = await auth.require(request);
    const input = parseInput(postInputSchema, request.body);
    return reply.code(201).send({ response: await posts.create(viewer, input) });
  });

  app.put('/api/post/blog', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(postIdQuerySchema, request.query);
    const input = parseInput(postInputSchema, request.body);
    return { response: await posts.update(viewer, id, input) };
  });

  app.delete('/api/post/blog/delete', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(postIdQuerySchema, request.query);
    await posts.delete(viewer, id);
    return { message: POST_DELETED_MESSAGE };
  });

  app.get('/api/post/profile', cacheableRead('userId', 'limit', 'cursor'), async (request) => {
    const query = parseInput(profilePageQuerySchema, request.query);
    return posts.listByAuthor(query.userId, toPageRequest(query), await auth.optional(request));
  });
}
