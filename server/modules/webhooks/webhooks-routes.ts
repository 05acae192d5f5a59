import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import {
  WEBHOOK_NOT_FOUND_MESSAGE,
  webhookCreateSchema,
  webhookUpdateSchema,
} from '../../../contracts/webhooks';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import type { WebhooksService } from './webhooks-service';
import {
  answer,
  createdWebhookSchema,
  messageAnswer,
  webhookDeliverySchema,
  webhookSchema,
} from '../../openapi/answers';
import { routeSchema } from '../../openapi/route-schema';
import { exampleBodies } from '../../openapi/examples';

export const WEBHOOK_DELETED_MESSAGE = 'Webhook deleted';

/** `:id` naming one hook: an id that is not a UUID is the same 404 as one that names nothing. */
const webhookParamsSchema = z.object({ id: idSchema('id', WEBHOOK_NOT_FOUND_MESSAGE) });

/** HTTP for a writer's webhooks (issue 13 §3); every route needs a signed-in writer. */
export function registerWebhookRoutes(
  app: FastifyInstance,
  deps: { webhooks: WebhooksService; auth: Authenticator },
): void {
  const { webhooks, auth } = deps;

  app.get(
    '/api/webhooks',
    {
      schema: routeSchema({
        summary: 'List your webhooks',
        tag: 'Webhooks',
        access: 'token',
        answers: { 200: answer(z.array(webhookSchema)) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      return { response: await webhooks.list(viewer) };
    },
  );

  /** The answer carries the signing secret: the only time it is shown. */
  app.post(
    '/api/webhooks',
    {
      schema: routeSchema({
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
      const viewer = await auth.require(request);
      const input = parseInput(webhookCreateSchema, request.body);
      return reply.code(201).send({ response: await webhooks.create(viewer, input) });
    },
  );

  app.patch(
    '/api/webhooks/:id',
    {
      schema: routeSchema({
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
      const viewer = await auth.require(request);
      const { id } = parseInput(webhookParamsSchema, request.params);
      const input = parseInput(webhookUpdateSchema, request.body);
      return { response: await webhooks.update(viewer, id, input) };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      schema: routeSchema({
        summary: 'Delete a webhook',
        description: 'Its queued deliveries go with it.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(webhookParamsSchema, request.params);
      await webhooks.delete(viewer, id);
      return { message: WEBHOOK_DELETED_MESSAGE };
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      schema: routeSchema({
        summary: "A webhook's delivery log",
        description: 'The latest 50 deliveries, newest first, with their status codes.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 200: answer(z.array(webhookDeliverySchema)) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(webhookParamsSchema, request.params);
      return { response: await webhooks.deliveries(viewer, id) };
    },
  );

  /** Queues a `ping`; 202: it is sent by the worker, and its outcome shows in the log. */
  app.post(
    '/api/webhooks/:id/test',
    {
      schema: routeSchema({
        summary: 'Send a test event',
        description: 'Queues a `ping`; its outcome shows in the log. 429 past 10 in 10 minutes.',
        tag: 'Webhooks',
        access: 'token',
        params: webhookParamsSchema,
        answers: { 202: answer(webhookDeliverySchema) },
      }),
    },
    async (request, reply) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(webhookParamsSchema, request.params);
      return reply.code(202).send({ response: await webhooks.sendTest(viewer, id) });
    },
  );
}
