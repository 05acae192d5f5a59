import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  WEBHOOK_NOT_FOUND_MESSAGE,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '../../../contracts/webhooks';
import type { WebhooksService } from './webhooks-service';
import {
  answer,
  createdWebhookSchema,
  messageAnswer,
  webhookDeliverySchema,
  webhookSchema,
} from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exampleBodies } from '../../openapi/examples';

export const WEBHOOK_DELETED_MESSAGE = 'Webhook deleted';

/** `:id` naming one hook: an id that is not a UUID is the same 404 as one that names nothing. */
const webhookParamsSchema = z.object({ id: idSchema('id', WEBHOOK_NOT_FOUND_MESSAGE) });

/** HTTP for a writer's webhooks (decision 39); every route needs a signed-in writer. */
export function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: WebhooksService }): void {
  const { webhooks } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/webhooks',
    {
      schema: declareRoute({
        summary: 'List your webhooks',
        tag: 'Webhooks',
        access: 'token',
        answers: { 200: answer(z.array(webhookSchema)) },
      }),
    },
    async (request) => {
      return { response: await webhooks.list(request.viewer) };
    },
  );

  /** The answer carries the signing secret: the only time it is shown. */
  api.post(
    '/api/webhooks',
    {
      schema: declareRoute({
        summary: 'Add a webhook',
        description:
          'The answer carries the signing secret: the only time it is shown. An address that is or resolves to a private, loopback or link-local address is refused (unless the operator allows it). 409 for a duplicate address or past 20 webhooks.',
        tag: 'Webhooks',
        access: 'token',
        body: webhookCreateSchema,
        bodyExample: exampleBodies.createWebhook,
        answers: { 201: answer(createdWebhookSchema) },
      }),
    },
    async (request, reply) => {
      return reply.code(201).send({ response: await webhooks.create(request.viewer, request.body) });
    },
  );

  api.patch(
    '/api/webhooks/:id',
    {
      schema: declareRoute({
        summary: 'Change a webhook',
        description: 'Its address, its events, or `active: false` to pause it.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        body: webhookUpdateSchema,
        answers: { 200: answer(webhookSchema) },
      }),
    },
    async (request) => {
      const { id } = request.params;
      return { response: await webhooks.update(request.viewer, id, request.body) };
    },
  );

  api.delete(
    '/api/webhooks/:id',
    {
      schema: declareRoute({
        summary: 'Delete a webhook',
        description: 'Its queued deliveries go with it.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const { id } = request.params;
      await webhooks.delete(request.viewer, id);
      return { message: WEBHOOK_DELETED_MESSAGE };
    },
  );

  api.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: declareRoute({
        summary: "A webhook's delivery log",
        description: 'The latest 50 deliveries, newest first, with their status codes.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 200: answer(z.array(webhookDeliverySchema)) },
      }),
    },
    async (request) => {
      const { id } = request.params;
      return { response: await webhooks.deliveries(request.viewer, id) };
    },
  );

  /** Queues a `ping`; 202: it is sent by the worker, and its outcome shows in the log. */
  api.post(
    '/api/webhooks/:id/test',
    {
      schema: declareRoute({
        summary: 'Send a test event',
        description: 'Queues a `ping`; its outcome shows in the log. 429 past 10 in 10 minutes.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 202: answer(webhookDeliverySchema) },
      }),
    },
    async (request, reply) => {
      const { id } = request.params;
      return reply.code(202).send({ response: await webhooks.sendTest(request.viewer, id) });
    },
  );
}
