import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commentInputSchema } from '../../../../contracts/comments';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { idQuerySchema } from '../../posts/posts-routes';
import { COMMENT_DELETED_MESSAGE, type CommentsService } from './comments-service';

const commentsQuerySchema = pageQuerySchema.extend({
  postId: z
    .string({ error: 'postId is required' })
    .trim()
    .min(1, 'postId is required')
    .max(64, 'postId is too long'),
});

/** HTTP for discussions: translates requests to the comments service and back. */
export function registerCommentRoutes(
  app: FastifyInstance,
  deps: { comments: CommentsService; auth: Authenticator },
): void {
  const { comments, auth } = deps;

  app.get('/api/post/comments', async (request) => {
    const query = parseInput(commentsQuerySchema, request.query);
    return comments.list(query.postId, toPageRequest(query));
  });

  app.post('/api/post/comments', async (request, reply) => {
    const viewer = await auth.require(request);
    const input = parseInput(commentInputSchema, request.body);
    return reply.code(201).send({ response: await comments.create(viewer, input) });
  });

  app.delete('/api/post/comments', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(idQuerySchema, request.query);
    await comments.delete(viewer, id);
    return { message: COMMENT_DELETED_MESSAGE };
  });
}
