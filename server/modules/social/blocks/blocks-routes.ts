import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { BlocksService } from './blocks-service';

/** HTTP for blocks (bearer): translates requests to the blocks service and back. */
export function registerBlockRoutes(
  app: FastifyInstance,
  deps: { blocks: BlocksService; auth: Authenticator },
): void {
  const { blocks, auth } = deps;

  app.get('/api/user/block', async (request) => {
    const viewer = await auth.require(request);
    const { userId } = parseInput(userIdQuerySchema, request.query);
    return { response: await blocks.state(viewer, userId) };
  });

  app.post('/api/user/block', async (request) => {
    const viewer = await auth.require(request);
    const { userId } = parseInput(userIdQuerySchema, request.query);
    return { response: await blocks.block(viewer, userId) };
  });

  app.delete('/api/user/block', async (request) => {
    const viewer = await auth.require(request);
    const { userId } = parseInput(userIdQuerySchema, request.query);
    return { response: await blocks.unblock(viewer, userId) };
  });

  app.get('/api/user/blocks', async (request) => {
    const viewer = await auth.require(request);
    return blocks.list(viewer, toPageRequest(parseInput(pageQuerySchema, request.query)));
  });
}
