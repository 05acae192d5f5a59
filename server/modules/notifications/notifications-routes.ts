import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { NOTIFICATION_NOT_FOUND_MESSAGE } from '../../../contracts/notifications';
import { pageQuerySchema, toPageRequest } from '../posts/paging';
import type { NotificationsService } from './notifications-service';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, notificationSchema, page, unreadSchema } from '../../openapi/answers';

const notificationIdQuerySchema = z.object({ id: idSchema('id', NOTIFICATION_NOT_FOUND_MESSAGE) });

/** HTTP for notifications (all bearer): translates requests to the service and back. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService },
): void {
  const { notifications } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/notifications',
    {
      schema: declareRoute({
        summary: "List the reader's notification lines, newest first",
        description:
          'Notifications of the same kind about the same thing are one line (`actor` the newest, `others` the rest).',
        tag: 'Notifications',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(notificationSchema) },
      }),
    },
    async (request) => {
      return notifications.list(request.viewer, toPageRequest(request.query));
    },
  );

  api.get(
    '/api/notifications/unread',
    {
      schema: declareRoute({
        summary: 'Count unread lines',
        description: 'What the bell shows.',
        tag: 'Notifications',
        access: 'token',
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      return { response: await notifications.unread(request.viewer) };
    },
  );

  api.post(
    '/api/notifications/read',
    {
      schema: declareRoute({
        summary: 'Mark one line read',
        description: "`id` is the line's newest notification.",
        tag: 'Notifications',
        access: 'token',
        querystring: notificationIdQuerySchema,
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      return { response: await notifications.markRead(request.viewer, id) };
    },
  );

  api.post(
    '/api/notifications/read-all',
    {
      schema: declareRoute({
        summary: 'Mark every line read',
        tag: 'Notifications',
        access: 'token',
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      return { response: await notifications.markAllRead(request.viewer) };
    },
  );
}
