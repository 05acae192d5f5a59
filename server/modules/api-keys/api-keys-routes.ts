import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_KEY_NOT_FOUND_MESSAGE, createApiKeySchema } from '../../../contracts/api-keys';
import { idSchema } from '../../../contracts/ids';
import type { ApiKeysService } from './api-keys-service';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, apiKeySchema, createdApiKeySchema } from '../../openapi/answers';
import { exampleBodies } from '../../openapi/examples';

const keyIdQuerySchema = z.object({ id: idSchema('id', API_KEY_NOT_FOUND_MESSAGE) });

/** Keys change nothing a cached public read shows. */
const keepsCache = { config: { keepsResponseCache: true } };

/**
 * HTTP for personal access tokens (issue 13 §2). Only a signed-in person manages keys: a key can
 * neither list, mint nor revoke keys.
 */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { apiKeys: ApiKeysService }): void {
  const { apiKeys } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/keys',
    {
      schema: declareRoute({
        summary: 'List your API keys',
        description: 'Newest first; never the secrets.',
        tag: 'API keys',
        access: 'sign-in',
        answers: { 200: answer(z.array(apiKeySchema)) },
      }),
    },
    async (request) => ({ response: await apiKeys.list(request.viewer) }),
  );

  api.post(
    '/api/user/keys',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Create an API key',
        description: 'The answer is the only time the key is shown. 409 past 25 keys.',
        tag: 'API keys',
        access: 'sign-in',
        body: createApiKeySchema,
        bodyExample: exampleBodies.createApiKey,
        answers: { 201: answer(createdApiKeySchema) },
      }),
    },
    async (request, reply) => {
      return reply.code(201).send({ response: await apiKeys.create(request.viewer, request.body) });
    },
  );

  api.delete(
    '/api/user/keys',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Revoke an API key',
        description: 'It stops working at once, on every instance.',
        tag: 'API keys',
        access: 'sign-in',
        querystring: keyIdQuerySchema,
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await apiKeys.revoke(request.viewer, request.query.id);
      return reply.code(204).send();
    },
  );
}
