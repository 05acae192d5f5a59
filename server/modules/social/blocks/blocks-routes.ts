import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { userIdQuerySchema } from '../../users/users-routes';
import type { BlocksService } from './blocks-service';
import { declareRoute } from '../../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, authorSchema, blockStateSchema, page } from '../../../openapi/answers';

/** HTTP for blocks (bearer): translates requests to the blocks service and back. */
export function registerBlockRoutes(app: FastifyInstance, deps: { blocks: BlocksService }): void {
  const { blocks } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/block',
    {
      schema: declareRoute({
        summary: 'Whether the reader blocked a person',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(blockStateSchema) },
      }),
    },
    async (request) => {
      const { userId } = request.query;
      return { response: await blocks.state(request.viewer, userId) };
    },
  );

  api.post(
    '/api/user/block',
    {
      schema: declareRoute({
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
      const { userId } = request.query;
      return { response: await blocks.block(request.viewer, userId) };
    },
  );

  api.delete(
    '/api/user/block',
    {
      schema: declareRoute({
        summary: 'Unblock a person',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: userIdQuerySchema,
        answers: { 200: answer(blockStateSchema) },
      }),
    },
    async (request) => {
      const { userId } = request.query;
      return { response: await blocks.unblock(request.viewer, userId) };
    },
  );

  api.get(
    '/api/user/blocks',
    {
      schema: declareRoute({
        summary: 'List the people the reader blocked',
        tag: 'People',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(authorSchema) },
      }),
    },
    async (request) => {
      return blocks.list(request.viewer, toPageRequest(request.query));
    },
  );
}
