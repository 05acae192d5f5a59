import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../lib/authenticator';
import { cacheableRead } from '../../lib/response-cache';
import type { DiscoverService } from './discover-service';
import { routeSchema } from '../../openapi/route-schema';
import { answer, discoverSchema } from '../../openapi/answers';

/** HTTP for the side panel's data. */
export function registerDiscoverRoutes(
  app: FastifyInstance,
  deps: { discover: DiscoverService; auth: Authenticator },
): void {
  const { discover, auth } = deps;

  app.get(
    '/api/discover',
    {
      ...cacheableRead(),
      schema: routeSchema({
        summary: 'The side panel: staff picks, topics, writers to follow, release notes',
        description: 'With a token, writers to follow leave out the reader and anyone they follow.',
        tag: 'Discovery',
        access: 'optional',
        answers: { 200: answer(discoverSchema) },
      }),
    },
    async (request) => ({
      response: await discover.panel(await auth.optional(request)),
    }),
  );
}
