import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { FollowsService } from './follows-service';

/** HTTP for follows and the following feed: translates requests to the follows service and back. */
export function registerFollowRoutes(
  app: FastifyInstance,
  deps: { follows: FollowsService; auth: Authenticator },
): void {
  const { follows, auth } = deps;

  app.post('/api/user/follow', async (request) => {
    const viewer = await auth.require(request);
    const { userId } = parseInput(userIdQuerySchema, request.query);
    return { response: await follows.follow(viewer, userId) };
  });

  app.delete('/api/user/follow', async (request) => {
    const viewer = await auth.require(request);
    const { userId } = parseInput(userIdQuerySchema, request.query);
    return { response: await follows.unfollow(viewer, userId) };
  });

  for (const side of ['followers', 'following'] as const) {
    app.get(`/api/user/${side}`, async (request) => {
      const query = parseInput(userIdQuerySchema.extend(pageQuerySchema.shape), request.query);
      return follows.people(query.userId, side, toPageRequest(query));
    });
  }

  app.get('/api/post/feed', async (request) => {
    const viewer = await auth.require(request);
    const page = toPageRequest(parseInput(pageQuerySchema, request.query));
    return follows.feed(viewer, page);
  });
}
