import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { FollowsService } from './follows-service';
import { declareRoute } from '../../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, authorSchema, page, postSchema, profileSchema } from '../../../openapi/answers';

// Built once: extending a Zod schema inside a handler would rebuild it on every request.
const peoplePageQuerySchema = userIdQuerySchema.extend(pageQuerySchema.shape);

/** HTTP for follows and the following feed: translates requests to the follows service and back. */
export function registerFollowRoutes(app: FastifyInstance, deps: { follows: FollowsService }): void {
  const { follows } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/follow',
    {
      schema: declareRoute({
        summary: 'Follow a writer',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const { userId } = request.query;
      return { response: await follows.follow(request.viewer, userId) };
    },
  );

  api.delete(
    '/api/user/follow',
    {
      schema: declareRoute({
        summary: 'Stop following a writer',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const { userId } = request.query;
      return { response: await follows.unfollow(request.viewer, userId) };
    },
  );

  for (const side of ['followers', 'following'] as const) {
    api.get(
      `/api/user/${side}`,
      {
        schema: declareRoute({
          summary: side === 'followers' ? "List a person's followers" : 'List the people a person follows',
          tag: 'People',
          access: 'public',
          querystring: peoplePageQuerySchema,
          answers: { 200: page(authorSchema) },
        }),
      },
      async (request) => {
        const query = request.query;
        return follows.people(query.userId, side, toPageRequest(query));
      },
    );
  }

  api.get(
    '/api/post/feed',
    {
      schema: declareRoute({
        summary: 'List posts by followed writers and in followed topics, newest first',
        description: 'Each post once.',
        tag: 'Posts',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const page = toPageRequest(request.query);
      return follows.feed(request.viewer, page);
    },
  );
}
