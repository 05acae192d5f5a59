import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../lib/authenticator';
import { cacheableRead } from '../../lib/response-cache';
import type { DiscoverService } from './discover-service';

/** HTTP for the side panel's data. */
export function registerDiscoverRoutes(
  app: FastifyInstance,
  deps: { discover: DiscoverService; auth: Authenticator },
): void {
  const { discover, auth } = deps;

  app.get('/api/discover', cacheableRead(), async (request) => ({
    response: await discover.panel(await auth.optional(request)),
  }));
}
