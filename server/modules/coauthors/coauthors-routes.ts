import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_NOT_FOUND_MESSAGE } from '../../../contracts/auth';
import {
  COAUTHOR_INVITATION_NOT_FOUND_MESSAGE,
  WHO_REQUIRED_MESSAGE,
  WHO_TOO_LONG_MESSAGE,
  type CoauthorInviteInput,
} from '../../../contracts/coauthors';
import { idSchema } from '../../../contracts/ids';
import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import {
  answer,
  coauthorInvitationSchema,
  pendingCoauthorInvitationSchema,
  postAuthorsSchema,
  postSchema,
} from '../../openapi/answers';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { postIdQuerySchema } from '../posts/posts-routes';
import type { CoauthorsService } from './coauthors-service';

const inviteSchema = z.object({
  who: z
    .string({ error: WHO_REQUIRED_MESSAGE })
    .trim()
    .min(1, WHO_REQUIRED_MESSAGE)
    .max(80, WHO_TOO_LONG_MESSAGE)
    .describe('The writer’s handle (`@ada` or `ada`) or name, as the app shows it.'),
}) satisfies z.ZodType<CoauthorInviteInput>;

const removeQuerySchema = z.object({
  id: idSchema('id', POST_NOT_FOUND_MESSAGE),
  userId: idSchema('userId', USER_NOT_FOUND_MESSAGE),
});

/** An invitation to the viewer is named by its post. */
const invitationQuerySchema = z.object({ id: idSchema('id', COAUTHOR_INVITATION_NOT_FOUND_MESSAGE) });

const tag = 'Posts';

/** Co-authors (docs/decisions/0085-co-authors.md): who writes a post, and invitations to. */
export function registerCoauthorRoutes(app: FastifyInstance, deps: { coauthors: CoauthorsService }): void {
  const { coauthors } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/post/authors',
    {
      schema: declareRoute({
        summary: "A post's authors and invitations",
        description:
          'For its authors: every author in byline order; the first author also sees the invitations not accepted (pending or declined).',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(postAuthorsSchema) },
      }),
    },
    async (request) => ({ response: await coauthors.list(request.viewer, request.query.id) }),
  );

  api.post(
    '/api/post/authors',
    {
      schema: declareRoute({
        summary: 'Invite a writer to co-write a post',
        description:
          'The first author only (403 for a co-author). The writer is told in their notifications and accepts or declines. 404 for no such writer; 409 when they are an author or invited already, or when the post would have more than four authors, invitations waiting included.',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        body: inviteSchema,
        bodyExample: { who: '@charles' },
        answers: { 201: answer(coauthorInvitationSchema) },
      }),
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ response: await coauthors.invite(request.viewer, request.query.id, request.body) }),
  );

  api.delete(
    '/api/post/authors',
    {
      schema: declareRoute({
        summary: 'Remove a co-author, or withdraw an invitation',
        description: 'The first author only. The post stays theirs; the co-author no longer edits it.',
        tag,
        access: 'token',
        querystring: removeQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      const { id, userId } = request.query;
      await coauthors.remove(request.viewer, id, userId);
      return reply.code(204).send();
    },
  );

  api.post(
    '/api/post/authors/leave',
    {
      schema: declareRoute({
        summary: 'Stop co-writing a post',
        description: 'A co-author takes their name off the post, which stays its first author’s.',
        tag,
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await coauthors.leave(request.viewer, request.query.id);
      return reply.code(204).send();
    },
  );

  api.get(
    '/api/user/coauthor-invitations',
    {
      schema: declareRoute({
        summary: 'Invitations to co-write, waiting for your answer',
        description: 'Newest first.',
        tag,
        access: 'token',
        answers: { 200: answer(z.array(pendingCoauthorInvitationSchema)) },
      }),
    },
    async (request) => ({ response: await coauthors.invitationsFor(request.viewer) }),
  );

  api.post(
    '/api/user/coauthor-invitations/accept',
    {
      schema: declareRoute({
        summary: 'Accept an invitation to co-write a post',
        description:
          '`id` is the post. You become its co-author: your name is in its byline and you edit it; only its first author deletes or moves it. 409 when it already has four authors.',
        tag,
        access: 'token',
        querystring: invitationQuerySchema,
        answers: { 200: answer(postSchema) },
      }),
    },
    async (request) => ({ response: await coauthors.accept(request.viewer, request.query.id) }),
  );

  api.post(
    '/api/user/coauthor-invitations/decline',
    {
      schema: declareRoute({
        summary: 'Decline an invitation to co-write a post',
        description: '`id` is the post.',
        tag,
        access: 'token',
        querystring: invitationQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await coauthors.decline(request.viewer, request.query.id);
      return reply.code(204).send();
    },
  );
}
