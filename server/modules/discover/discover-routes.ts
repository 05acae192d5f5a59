import type { FastifyInstance } from 'fastify';
import { cacheableRead } from '../../lib/response-cache';
import type { DiscoverService } from './discover-service';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, discoverSchema } from '../../openapi/answers';

/** HTTP for the side panel's data. */
export function registerDiscoverRoutes(app: FastifyInstance, deps: { discover: DiscoverService }): void {
  const { discover } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/discover',
    {
      ...cacheableRead(),
      schema: declareRoute({
        summary: 'The side panel: staff picks, topics, writers to follow, release notes',
        description: 'With a token, writers to follow leave out the reader and anyone they follow.',
        tag: 'Discovery',
        access: 'optional',
        answers: { 200: answer(discoverSchema) },
      }),
    },
    async (request) => ({
      response: await discover.panel(request.viewer),
    }),
  );
}
