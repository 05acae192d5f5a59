import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  COMMENT_NOT_FOUND_MESSAGE,
  commentEditSchema,
  commentInputSchema,
} from '../../../../contracts/comments';
import { idSchema } from '../../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../../contracts/posts';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { cacheableRead } from '../../../lib/response-cache';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { COMMENT_DELETED_MESSAGE, type CommentsService } from './comments-service';
import { routeSchema } from '../../../openapi/route-schema';
import { answer, commentSchema, messageAnswer, page } from '../../../openapi/answers';
import { exampleBodies } from '../../../openapi/examples';

export const commentsQuerySchema = pageQuerySchema.extend({
  postId: idSchema('postId', POST_NOT_FOUND_MESSAGE),
});
const commentIdQuerySchema = z.object({ id: idSchema('id', COMMENT_NOT_FOUND_MESSAGE) });
const passagesQuerySchema = z.object({ postId: idSchema('postId', POST_NOT_FOUND_MESSAGE) });

/** HTTP for discussions: translates requests to the comments service and back. */
export function registerCommentRoutes(
  app: FastifyInstance,
  deps: { comments: CommentsService; auth: Authenticator },
): void {
  const { comments, auth } = deps;

  app.get(
    '/api/post/comments',
    {
      ...cacheableRead('postId', 'limit', 'cursor'),
      schema: routeSchema({
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
      const query = parseInput(commentsQuerySchema, request.query);
      // A signed-in reader does not see the comments of people they blocked (never cached: bearer).
      const viewer = await auth.optional(request);
      return comments.list(query.postId, toPageRequest(query), viewer);
    },
  );

  /** Issue 12 §1: all of a post's in-line comments at once, for the read page to mark their passages. */
  app.get(
    '/api/post/passages',
    {
      ...cacheableRead('postId'),
      schema: routeSchema({
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
      const { postId } = parseInput(passagesQuerySchema, request.query);
      // As on the discussion: a signed-in reader does not see the comments of people they blocked.
      const viewer = await auth.optional(request);
      return { response: await comments.passageComments(postId, viewer) };
    },
  );

  /** One comment with its Markdown (for the edit form); a deleted one is a 404. */
  app.get(
    '/api/post/comment',
    {
      schema: routeSchema({
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
      const { id } = parseInput(commentIdQuerySchema, request.query);
      // The post's author still reads the discussion of their draft or hidden post.
      const viewer = await auth.optional(request);
      return { response: await comments.get(id, viewer) };
    },
  );

  app.post(
    '/api/post/comments',
    {
      schema: routeSchema({
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
      const viewer = await auth.require(request);
      const input = parseInput(commentInputSchema, request.body);
      return reply.code(201).send({ response: await comments.create(viewer, input) });
    },
  );

  app.put(
    '/api/post/comments',
    {
      schema: routeSchema({
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
      const viewer = await auth.require(request);
      const { id } = parseInput(commentIdQuerySchema, request.query);
      const input = parseInput(commentEditSchema, request.body);
      return { response: await comments.edit(viewer, id, input) };
    },
  );

  app.delete(
    '/api/post/comments',
    {
      schema: routeSchema({
        summary: 'Delete a comment',
        description: "Its author or the post's author. A comment with replies stays as `[deleted]`.",
        tag: 'Comments',
        access: 'token',
        querystring: commentIdQuerySchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(commentIdQuerySchema, request.query);
      await comments.delete(viewer, id);
      return { message: COMMENT_DELETED_MESSAGE };
    },
  );
}
