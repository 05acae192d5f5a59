import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { FollowsService } from './follows-service';
import { routeSchema } from '../../../openapi/route-schema';
import { answer, authorSchema, page, postSchema, profileSchema } from '../../../openapi/answers';

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
const peoplePageQuerySchema = userIdQuerySchema.extend(pageQuerySchema.shape);

/** HTTP for follows and the following feed: translates requests to the follows service and back. */
export function registerFollowRoutes(
  app: FastifyInstance,
  deps: { follows: FollowsService; auth: Authenticator },
): void {
  const { follows, auth } = deps;

  app.post(
    '/api/user/follow',
    {
      schema: routeSchema({
        summary: 'Follow a writer',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { userId } = parseInput(userIdQuerySchema, request.query);
      return { response: await follows.follow(viewer, userId) };
    },
  );

  app.delete(
    '/api/user/follow',
    {
      schema: routeSchema({
        summary: 'Stop following a writer',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { userId } = parseInput(userIdQuerySchema, request.query);
      return { response: await follows.unfollow(viewer, userId) };
    },
  );

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/user/${side}`,
      {
        schema: routeSchema({
          summary: side === 'followers' ? "List a person's followers" : 'List the people a person follows',
          tag: 'People',
          access: 'public',
          querystring: peoplePageQuerySchema,
          answers: { 200: page(authorSchema) },
        }),
      },
      async (request) => {
        const query = parseInput(peoplePageQuerySchema, request.query);
        return follows.people(query.userId, side, toPageRequest(query));
      },
    );
  }

  app.get(
    '/api/post/feed',
    {
      schema: routeSchema({
        summary: 'List posts by followed writers and in followed topics, newest first',
        description: 'Each post once.',
        tag: 'Posts',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const page = toPageRequest(parseInput(pageQuerySchema, request.query));
      return follows.feed(viewer, page);
    },
  );
}
