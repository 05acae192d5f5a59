import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  COMMENT_NOT_FOUND_MESSAGE,
  commentEditSchema,
  commentInputSchema,
} from '../../../../contracts/comments';
import { idSchema } from '../../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../../contracts/posts';
import { cacheableRead } from '../../../lib/response-cache';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { COMMENT_DELETED_MESSAGE, type CommentsService } from './comments-service';
import { declareRoute } from '../../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, commentSchema, messageAnswer, page } from '../../../openapi/answers';
import { exampleBodies } from '../../../openapi/examples';

export const commentsQuerySchema = pageQuerySchema.extend({
  postId: idSchema('postId', POST_NOT_FOUND_MESSAGE),
});
const commentIdQuerySchema = z.object({ id: idSchema('id', COMMENT_NOT_FOUND_MESSAGE) });
const passagesQuerySchema = z.object({ postId: idSchema('postId', POST_NOT_FOUND_MESSAGE) });

/** HTTP for discussions: translates requests to the comments service and back. */
export function registerCommentRoutes(app: FastifyInstance, deps: { comments: CommentsService }): void {
  const { comments } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/post/comments',
    {
      ...cacheableRead('postId', 'limit', 'cursor'),
      schema: declareRoute({
        summary: "List a post's discussion, oldest first",
        description:
          "Top-level comments, each with its `replies`. With a token, without the comments of people the reader blocked. 404 where the post is not visible to the reader (unpublished or hidden, but to the post's author).",
        tag: 'Comments',
        access: 'optional',
        querystring: commentsQuerySchema,
        answers: { 200: page(commentSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      // A signed-in reader does not see the comments of people they blocked (never cached: bearer).
      return comments.list(query.postId, toPageRequest(query), request.viewer);
    },
  );

  /** In-line comments (decision 35): all of a post's at once, for the read page to mark their passages. */
  api.get(
    '/api/post/passages',
    {
      ...cacheableRead('postId'),
      schema: declareRoute({
        summary: "List a post's in-line comments",
        description:
          'Top level, not deleted, with an `anchor`, oldest first, at most 500; each `anchor.found` against the post as it is now.',
        tag: 'Comments',
        access: 'optional',
        querystring: passagesQuerySchema,
        answers: { 200: answer(z.array(commentSchema)) },
      }),
    },
    async (request) => {
      const { postId } = request.query;
      // As on the discussion: a signed-in reader does not see the comments of people they blocked.
      return { response: await comments.passageComments(postId, request.viewer) };
    },
  );

  /** One comment with its Markdown (for the edit form); a deleted one is a 404. */
  api.get(
    '/api/post/comment',
    {
      schema: declareRoute({
        summary: 'Read one comment',
        description:
          "With its Markdown, for editing; 404 once deleted, and wherever its post is not visible to the reader (unpublished or hidden, but to the post's author).",
        tag: 'Comments',
        access: 'optional',
        querystring: commentIdQuerySchema,
        answers: { 200: answer(commentSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      // The post's author still reads the discussion of their draft or hidden post.
      return { response: await comments.get(id, request.viewer) };
    },
  );

  api.post(
    '/api/post/comments',
    {
      schema: declareRoute({
        summary: 'Comment on a post, reply, or comment on a passage',
        description:
          '`parentId` makes it a reply; `anchor: {quote, prefix?, suffix?}` an in-line comment on that passage (400 when the post does not hold it). 403 replying to someone who blocked you; 409 replying to a deleted comment.',
        tag: 'Comments',
        access: 'token',
        body: commentInputSchema,
        bodyExample: exampleBodies.comment,
        answers: { 201: answer(commentSchema) },
      }),
    },
    async (request, reply) => {
      return reply.code(201).send({ response: await comments.create(request.viewer, request.body) });
    },
  );

  api.put(
    '/api/post/comments',
    {
      schema: declareRoute({
        summary: 'Edit a comment',
        description: 'Only its author.',
        tag: 'Comments',
        access: 'token',
        querystring: commentIdQuerySchema,
        body: commentEditSchema,
        answers: { 200: answer(commentSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      return { response: await comments.edit(request.viewer, id, request.body) };
    },
  );

  api.delete(
    '/api/post/comments',
    {
      schema: declareRoute({
        summary: 'Delete a comment',
        description: "Its author or the post's author. A comment with replies stays as `[deleted]`.",
        tag: 'Comments',
        access: 'token',
        querystring: commentIdQuerySchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const { id } = request.query;
      await comments.delete(request.viewer, id);
      return { message: COMMENT_DELETED_MESSAGE };
    },
  );
}
