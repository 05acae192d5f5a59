import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  approveFollowersSchema,
  remoteActorQuerySchema,
  type SocialFollowers,
} from '../../../contracts/social-web';
import { agrees } from '../../openapi/agrees';
import { answer, messageAnswer } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import type { FollowRequestsService } from './follow-requests-service';

const socialFollowersSchema = z
  .strictObject({
    approveFollowers: z.boolean().describe('Follows wait for the writer’s answer.'),
    followers: z
      .array(
        z.strictObject({
          actor: z.string().describe('The remote account’s id (its address).'),
          handle: z.string().nullable().describe('`@user@host`.'),
          name: z.string().nullable(),
          state: z.enum(['accepted', 'pending']).describe('`pending`: a request awaiting the writer.'),
          since: z.string(),
          accountId: z
            .string()
            .nullable()
            .describe(
              'The account standing for it here: `POST /api/user/block?userId=` with it blocks it (and ends its follow).',
            ),
          pictureUrl: z
            .string()
            .nullable()
            .describe('Its picture (https only), as its server last showed it.'),
          profileUrl: z.string().nullable().describe('Its profile page on its server (http or https).'),
        }),
      )
      .describe('Requests first, then followers, newest first.'),
  })
  .meta({ id: 'SocialFollowers' });
agrees<z.output<typeof socialFollowersSchema>, SocialFollowers>();

/** A writer's followers on the social web and their approval by hand (decision 0084). */
export function registerFollowRequestsRoutes(
  app: FastifyInstance,
  deps: { requests: FollowRequestsService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/social-followers',
    {
      schema: declareRoute({
        summary: 'The writer’s followers on the social web, and their requests',
        tag: 'Social web',
        access: 'token',
        answers: { 200: answer(socialFollowersSchema) },
      }),
    },
    async (request) => ({ response: await deps.requests.list(request.viewer) }),
  );

  api.put(
    '/api/user/social-followers/settings',
    {
      schema: declareRoute({
        summary: 'Approve followers on the social web by hand, or not',
        description:
          '`approveFollowers`: a Follow from another server waits as a request until the writer accepts or rejects it; its account shows as locked elsewhere. Requests already waiting stay.',
        tag: 'Social web',
        access: 'token',
        body: approveFollowersSchema,
        bodyExample: { approveFollowers: true },
        answers: { 200: answer(approveFollowersSchema) },
      }),
    },
    async (request) => ({
      response: await deps.requests.setApproval(request.viewer, request.body.approveFollowers),
    }),
  );

  for (const kind of ['accept', 'reject'] as const) {
    api.post(
      `/api/user/social-followers/${kind}`,
      {
        schema: declareRoute({
          summary:
            kind === 'accept' ? 'Accept a follow request' : 'Reject a follow request, or remove a follower',
          description:
            kind === 'accept'
              ? 'The request becomes a follower and a signed Accept goes to its server. 404 when there is no such request.'
              : 'The request (or follow) is removed and a signed Reject goes to its server. 404 when there is no such request or follower.',
          tag: 'Social web',
          access: 'token',
          querystring: remoteActorQuerySchema,
          answers: { 200: messageAnswer },
        }),
      },
      async (request) => {
        if (kind === 'accept') await deps.requests.accept(request.viewer, request.query.actor);
        else await deps.requests.reject(request.viewer, request.query.actor);
        return { message: kind === 'accept' ? 'Follow request accepted' : 'Follow request rejected' };
      },
    );
  }
}
