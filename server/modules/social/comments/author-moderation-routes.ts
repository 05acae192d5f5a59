import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentActionSchema,
  commentSettingsSchema,
  commentsClosedSchema,
  type CommentSettings,
  type HeldComment,
} from '../../../../contracts/author-moderation';
import { COMMENT_NOT_FOUND_MESSAGE } from '../../../../contracts/comments';
import { idSchema } from '../../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../../contracts/posts';
import { agrees } from '../../../openapi/agrees';
import { answer, authorSchema, commentSchema, messageAnswer, page } from '../../../openapi/answers';
import { declareRoute } from '../../../openapi/route-schema';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import type { AuthorModerationService } from './author-moderation-service';

const commentIdQuerySchema = z.object({ id: idSchema('id', COMMENT_NOT_FOUND_MESSAGE) });
const postIdQuerySchema = z.object({ postId: idSchema('postId', POST_NOT_FOUND_MESSAGE) });

const heldCommentSchema = z
  .strictObject({
    comment: commentSchema,
    post: z.strictObject({ id: z.string(), title: z.string(), author: authorSchema }),
  })
  .meta({ id: 'HeldComment' });
agrees<z.output<typeof heldCommentSchema>, HeldComment>();

const commentSettingsAnswer = z
  .strictObject({ holdFirstComments: z.boolean(), closeCommentsOnNewPosts: z.boolean() })
  .meta({ id: 'CommentSettings' });
agrees<z.output<typeof commentSettingsAnswer>, CommentSettings>();

export const COMMENT_MODERATED_MESSAGE = 'Done';

/** HTTP for the author's own moderation (decision 0077), all bearer. */
export function registerAuthorModerationRoutes(
  app: FastifyInstance,
  deps: { moderation: AuthorModerationService },
): void {
  const { moderation } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/post/comments/moderate',
    {
      schema: declareRoute({
        summary: "Approve, reject, hide or show a comment under one's post",
        description:
          "Only the post's author (and, for a publication's post, its owner and editors); 403 for anyone else. `approve` shows a held comment (an operator's hiding stays) and tells what its arrival would have told (replies, mentions, webhooks); `reject` deletes it; `hide` withholds a shown comment from everyone but its writer, `show` undoes that. 409 approving or rejecting a comment not held, or hiding a held one.",
        tag: 'Comments',
        access: 'token',
        querystring: commentIdQuerySchema,
        body: commentActionSchema,
        bodyExample: { action: 'approve' },
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      await moderation.moderate(request.viewer, request.query.id, request.body.action);
      return { message: COMMENT_MODERATED_MESSAGE };
    },
  );

  api.put(
    '/api/post/comments/closed',
    {
      schema: declareRoute({
        summary: "Close or open a post's comments",
        description:
          "A closed post takes no new comments (403 to commenters) but keeps those it has. Only the post's author (and its publication's owner and editors).",
        tag: 'Comments',
        access: 'token',
        querystring: postIdQuerySchema,
        body: commentsClosedSchema,
        bodyExample: { closed: true },
        answers: { 200: answer(z.strictObject({ closed: z.boolean() })) },
      }),
    },
    async (request) => {
      const { postId } = request.query;
      return { response: await moderation.setClosed(request.viewer, postId, request.body.closed) };
    },
  );

  api.get(
    '/api/user/held-comments',
    {
      schema: declareRoute({
        summary: 'List the comments awaiting your approval',
        description:
          "Held comments on the reader's posts and on the posts of publications they own or edit, oldest first.",
        tag: 'Comments',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(heldCommentSchema) },
      }),
    },
    async (request) => moderation.held(request.viewer, toPageRequest(request.query)),
  );

  api.get(
    '/api/user/hidden-comments',
    {
      schema: declareRoute({
        summary: 'List the comments you hid',
        description:
          "Comments hidden (`hide`) on the reader's posts and on the posts of publications they own or edit, " +
          'oldest first, to show again with `show`. Those an operator hid are not listed: they are the operators’.',
        tag: 'Comments',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(heldCommentSchema) },
      }),
    },
    async (request) => moderation.held(request.viewer, toPageRequest(request.query), 'hidden'),
  );

  api.get(
    '/api/user/comment-settings',
    {
      schema: declareRoute({
        summary: "The writer's defaults for comments on their posts",
        tag: 'Comments',
        access: 'token',
        answers: { 200: answer(commentSettingsAnswer) },
      }),
    },
    async (request) => ({ response: await moderation.settings(request.viewer) }),
  );

  api.put(
    '/api/user/comment-settings',
    {
      schema: declareRoute({
        summary: "Change the writer's defaults for comments",
        description:
          '`holdFirstComments`: a first-time commenter’s comments wait for approval; `closeCommentsOnNewPosts`: new posts start closed. Either may be left out.',
        tag: 'Comments',
        access: 'token',
        body: commentSettingsSchema,
        bodyExample: { holdFirstComments: true },
        answers: { 200: answer(commentSettingsAnswer) },
      }),
    },
    async (request) => ({ response: await moderation.updateSettings(request.viewer, request.body) }),
  );
}
