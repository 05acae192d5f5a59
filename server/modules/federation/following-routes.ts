import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  followRemoteSchema,
  remoteActorQuerySchema,
  type RemoteActorSummary,
  type SocialFollowing,
  type SocialTimelineItem,
  type SocialTimelineReply,
} from '../../../contracts/social-web';
import { agrees } from '../../openapi/agrees';
import { answer, messageAnswer, page } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import { pageQuerySchema, toTimePageRequest } from '../posts/paging';
import type { FollowingService } from './following-service';

const remoteActorShape = {
  actor: z.string().describe('The remote account’s id (its address).'),
  handle: z.string().nullable().describe('`@user@host`.'),
  name: z.string().nullable(),
  pictureUrl: z.string().nullable().describe('Its picture (https only), as its server last showed it.'),
  profileUrl: z.string().nullable().describe('Its profile page on its server.'),
};
export const remoteActorSchema = z.strictObject(remoteActorShape).meta({ id: 'RemoteActor' });
agrees<z.output<typeof remoteActorSchema>, RemoteActorSummary>();

const socialFollowingSchema = z
  .strictObject({
    ...remoteActorShape,
    state: z.enum(['accepted', 'pending']).describe('`pending` until its server sends its Accept.'),
    since: z.string(),
  })
  .meta({ id: 'SocialFollowing' });
agrees<z.output<typeof socialFollowingSchema>, SocialFollowing>();

export const timelineReplyAnswerSchema = z
  .strictObject({
    id: z.string(),
    noteId: z.string().describe('Its Note’s id.'),
    inReplyTo: z.string().describe('The Note it answers: the post, or the reader’s reply.'),
    mine: z.boolean().describe('The reader’s own reply; else an answer to it from the social web.'),
    author: remoteActorSchema.nullable().describe('Who answered; null for the reader’s own reply.'),
    content: z.string().describe('Markdown.'),
    contentHtml: z.string().describe('That Markdown rendered and sanitized, as a comment’s is.'),
    url: z.string().nullable().describe('Where people read an answer on its server.'),
    publishedAt: z.string(),
  })
  .meta({ id: 'SocialTimelineReply' });
agrees<z.output<typeof timelineReplyAnswerSchema>, SocialTimelineReply>();

const timelineItemSchema = z
  .strictObject({
    id: z.string().describe('The post’s id here, which liking, boosting and replying name.'),
    entryId: z
      .string()
      .describe(
        'This line of the timeline: the post’s id, or its boost’s when a followed account boosted it.',
      ),
    boostedBy: remoteActorSchema
      .nullable()
      .describe('The followed account that boosted it, when that is why it is here.'),
    boostedAt: z.string().nullable().describe('When it was boosted; null for its author’s post.'),
    objectId: z.string().describe('Its ActivityPub id.'),
    kind: z.enum(['Article', 'Note']),
    title: z.string().nullable().describe('The Article’s title; null for a Note.'),
    summary: z.string().nullable(),
    content: z.string().describe('Markdown, made from its HTML by the same sanitizer as remote replies.'),
    contentHtml: z.string().describe('That Markdown rendered and sanitized, as a comment’s is.'),
    url: z.string().nullable().describe('Where people read it on its server.'),
    publishedAt: z.string(),
    updatedAt: z.string().nullable(),
    author: remoteActorSchema,
    liked: z.boolean().describe('Whether the reader liked it (decision 0094).'),
    boosted: z.boolean().describe('Whether the reader boosted it.'),
    replies: z
      .array(timelineReplyAnswerSchema)
      .describe('The reader’s replies to it and the answers to those, oldest first.'),
  })
  .meta({ id: 'SocialTimelineItem' });
agrees<z.output<typeof timelineItemSchema>, SocialTimelineItem>();

/** Following accounts on other servers, and their timeline (decision 0090). */
export function registerFollowingRoutes(app: FastifyInstance, deps: { following: FollowingService }): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/social-following',
    {
      schema: declareRoute({
        summary: 'Follow an account on the social web',
        description:
          '`account`: `@name@host` (found by WebFinger) or its actor’s address. The follow is `pending` until its server sends its Accept; a signed Follow from the reader’s actor is queued. 400 for a malformed name, yourself or an account here; 403 without a handle; 404 when its server knows no such account; 409 when already followed; 422 when its server does not answer or it is not an account.',
        tag: 'Social web',
        access: 'token',
        body: followRemoteSchema,
        bodyExample: { account: '@alice@mastodon.example' },
        answers: { 201: answer(socialFollowingSchema) },
      }),
    },
    async (request, reply) => {
      const followed = await deps.following.follow(request.viewer, request.body.account);
      return reply.code(201).send({ response: followed });
    },
  );

  api.delete(
    '/api/user/social-following',
    {
      schema: declareRoute({
        summary: 'Stop following an account on the social web',
        description: 'A signed Undo(Follow) goes to its server. 404 when not followed.',
        tag: 'Social web',
        access: 'token',
        querystring: remoteActorQuerySchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      await deps.following.unfollow(request.viewer, request.query.actor);
      return { message: 'Unfollowed' };
    },
  );

  api.get(
    '/api/user/social-following',
    {
      schema: declareRoute({
        summary: 'The accounts on the social web the reader follows',
        description: 'Newest first, each `pending` or `accepted`.',
        tag: 'Social web',
        access: 'token',
        answers: { 200: answer(z.array(socialFollowingSchema)) },
      }),
    },
    async (request) => ({ response: await deps.following.list(request.viewer) }),
  );

  api.get(
    '/api/user/social-timeline',
    {
      schema: declareRoute({
        summary: 'Posts of the accounts on the social web the reader follows',
        description:
          'Articles, and Notes that answer nothing, from accounts followed (accepted), newest first by their publication time, and the posts those accounts boosted, at the time of the boost, in pages.',
        tag: 'Social web',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(timelineItemSchema) },
      }),
    },
    async (request) => deps.following.timeline(request.viewer, toTimePageRequest(request.query)),
  );
}
