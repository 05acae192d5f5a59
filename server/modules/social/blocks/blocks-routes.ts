import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { BlocksService } from './blocks-service';
import { routeSchema } from '../../../openapi/route-schema';
import { answer, authorSchema, blockStateSchema, page } from '../../../openapi/answers';

/** HTTP for blocks (bearer): translates requests to the blocks service and back. */
export function registerBlockRoutes(
  app: FastifyInstance,
  deps: { blocks: BlocksService; auth: Authenticator },
): void {
  const { blocks, auth } = deps;

  app.get(
    '/api/user/block',
    {
      schema: routeSchema({
        summary: 'Whether the reader blocked a person',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(blockStateSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { userId } = parseInput(userIdQuerySchema, request.query);
      return { response: await blocks.state(viewer, userId) };
    },
  );

  app.post(
    '/api/user/block',
    {
      schema: routeSchema({
        summary: 'Block a person',
        description:
          'They can no longer reply to the reader, and their comments are hidden from the reader. Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(blockStateSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { userId } = parseInput(userIdQuerySchema, request.query);
      return { response: await blocks.block(viewer, userId) };
    },
  );

  app.delete(
    '/api/user/block',
    {
      schema: routeSchema({
        summary: 'Unblock a person',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(blockStateSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { userId } = parseInput(userIdQuerySchema, request.query);
      return { response: await blocks.unblock(viewer, userId) };
    },
  );

  app.get(
    '/api/user/blocks',
    {
      schema: routeSchema({
        summary: 'List the people the reader blocked',
        tag: 'People',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(authorSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      return blocks.list(viewer, toPageRequest(parseInput(pageQuerySchema, request.query)));
    },
  );
}
