import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { postInputSchema } from '../../../contracts/posts';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { userIdQuerySchema } from '../users/users-routes';
import { pageQuerySchema, toPageRequest } from './paging';
import { POST_DELETED_MESSAGE, type PostsService } from './posts-service';

/** `?id=` naming one post or comment. A value that names nothing is a 404 later, not a 400 here. */
export const idQuerySchema = z.object({
  id: z.string({ error: 'id is required' }).trim().min(1, 'id is required').max(64, 'id is too long'),
});

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
const profilePageQuerySchema = pageQuerySchema.extend(userIdQuerySchema.shape);

/** HTTP for posts (SPEC §7): translates requests to the posts service and back. */
export function registerPostRoutes(
  app: FastifyInstance,
  deps: { posts: PostsService; auth: Authenticator },
): void {
  const { posts, auth } = deps;

  app.get('/api/post/blog/all', async (request) => {
    const page = toPageRequest(parseInput(pageQuerySchema, request.query));
    return posts.list(page, await auth.optional(request));
  });

  app.get('/api/post/blog', async (request) => {
    const { id } = parseInput(idQuerySchema, request.query);
    return { response: await posts.read(id, await auth.optional(request)) };
  });

  app.post('/api/post/blog', async (request, reply) => {
    const viewer = await auth.require(request);
    const input = parseInput(postInputSchema, request.body);
    return reply.code(201).send({ response: await posts.create(viewer, input) });
  });

  app.put('/api/post/blog', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(idQuerySchema, request.query);
    const input = parseInput(postInputSchema, request.body);
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
