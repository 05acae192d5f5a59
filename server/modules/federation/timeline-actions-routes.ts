import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  timelineItemQuerySchema,
  timelineReplyQuerySchema,
  timelineReplySchema,
} from '../../../contracts/social-web';
import { idSchema } from '../../../contracts/ids';
import { notFound } from '../../lib/http-errors';
import { answer, messageAnswer } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import { activityAnswer, sendActivity } from './federation-routes';
import type { ActivityDocument } from './federation-service';
import { timelineReplyAnswerSchema } from './following-routes';
import type { TimelineActionsService } from './timeline-actions-service';
import type { TimelineReactionKind } from './timeline-actions-repository';

const reactionsSchema = z
  .strictObject({
    liked: z.boolean(),
    boosted: z.boolean(),
  })
  .meta({ id: 'SocialTimelineReactions' });

export const NOTE_NOT_FOUND_MESSAGE = 'No such Note here';
const noteIdParams = z.object({ id: idSchema('id', NOTE_NOT_FOUND_MESSAGE) });

const REACTIONS: { path: string; kind: TimelineReactionKind; verb: string; activity: string }[] = [
  { path: 'like', kind: 'like', verb: 'Like', activity: 'Like' },
  { path: 'boost', kind: 'announce', verb: 'Boost', activity: 'Announce' },
];

/**
 * Liking, boosting and replying to the posts of the reader's social-web timeline (decision 0094),
 * each by the post's `id` in the timeline.
 */
export function registerTimelineActionsRoutes(
  app: FastifyInstance,
  deps: { actions: TimelineActionsService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  for (const { path, kind, verb, activity } of REACTIONS) {
    const noun = verb.toLowerCase();
    api.post(
      `/api/user/social-timeline/${path}`,
      {
        schema: declareRoute({
          summary: `${verb} a post of the reader’s social-web timeline`,
          description: `A signed ${activity} from the reader’s actor is queued to the post’s author’s server${kind === 'announce' ? ' and to the reader’s followers’ servers' : ''}. Answers what the reader did with the post now. 400 for an id that is not one; 403 without a handle; 404 when the post is not in the reader’s timeline; 409 when it is already ${kind === 'like' ? 'liked' : 'boosted'}.`,
          tag: 'Social web',
          access: 'token',
          querystring: timelineItemQuerySchema,
          answers: { 200: answer(reactionsSchema) },
        }),
      },
      async (request) => ({ response: await deps.actions.react(request.viewer, request.query.id, kind) }),
    );

    api.delete(
      `/api/user/social-timeline/${path}`,
      {
        schema: declareRoute({
          summary: `Take back the reader’s ${noun} of a post of their social-web timeline`,
          description: `A signed Undo(${activity}) goes where the ${activity} went. 400 for an id that is not one; 404 when the reader has not ${kind === 'like' ? 'liked' : 'boosted'} it.`,
          tag: 'Social web',
          access: 'token',
          querystring: timelineItemQuerySchema,
          answers: { 200: answer(reactionsSchema) },
        }),
      },
      async (request) => ({
        response: await deps.actions.unreact(request.viewer, request.query.id, kind),
      }),
    );
  }

  api.post(
    '/api/user/social-timeline/reply',
    {
      schema: declareRoute({
        summary: 'Reply to a post of the reader’s social-web timeline',
        description:
          '`body`: Markdown, up to a comment’s 5,000 characters. A signed Create(Note) from the reader’s actor, `inReplyTo` the post, public and mentioning its author, is queued to the author’s server and the reader’s followers’ servers. 400 for an id that is not one or an empty body; 403 without a handle; 404 when the post is not in the reader’s timeline.',
        tag: 'Social web',
        access: 'token',
        querystring: timelineItemQuerySchema,
        body: timelineReplySchema,
        bodyExample: { body: 'Thank you for this.' },
        answers: { 201: answer(timelineReplyAnswerSchema) },
      }),
    },
    async (request, reply) => {
      const created = await deps.actions.reply(request.viewer, request.query.id, request.body.body);
      return reply.code(201).send({ response: created });
    },
  );

  api.delete(
    '/api/user/social-timeline/reply',
    {
      schema: declareRoute({
        summary: 'Delete the reader’s reply to a post of their social-web timeline',
        description:
          'By the reply’s `id`: a signed Delete of its Note goes where it went; the answers to it go from the timeline. 400 for an id that is not one; 404 when it is not one of the reader’s replies.',
        tag: 'Social web',
        access: 'token',
        querystring: timelineReplyQuerySchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      await deps.actions.deleteReply(request.viewer, request.query.id);
      return { message: 'Reply deleted' };
    },
  );

  api.get(
    '/ap/notes/:id',
    {
      schema: declareRoute({
        summary: 'A reader’s reply to a post on another server, as a Note (ActivityPub)',
        description:
          'The Note a reader’s reply went out as (decision 0094): its HTML with the mention of the post’s author, `inReplyTo` the post, the reader as `attributedTo`, public. Answered to `application/activity+json` and `application/ld+json` alike. 404 once it is deleted, when its post is no longer kept here, or when its writer has no actor any more.',
        tag: 'Social web',
        access: 'public',
        params: noteIdParams,
        answers: activityAnswer('The Note.'),
      }),
    },
    async (request, reply) => {
      const document = await deps.actions.noteDocument(request.params.id);
      if (document === undefined) throw notFound(NOTE_NOT_FOUND_MESSAGE);
      return sendActivity(reply, document as ActivityDocument);
    },
  );
}
