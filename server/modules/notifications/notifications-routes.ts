import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { NOTIFICATION_NOT_FOUND_MESSAGE } from '../../../contracts/notifications';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../posts/paging';
import type { NotificationsService } from './notifications-service';
import { routeSchema } from '../../openapi/route-schema';
import { answer, notificationSchema, page, unreadSchema } from '../../openapi/answers';

const notificationIdQuerySchema = z.object({ id: idSchema('id', NOTIFICATION_NOT_FOUND_MESSAGE) });

/** HTTP for notifications (all bearer): translates requests to the service and back. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; auth: Authenticator },
): void {
  const { notifications, auth } = deps;

  app.get(
    '/api/notifications',
    {
      schema: routeSchema({
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
      const viewer = await auth.require(request);
      return notifications.list(viewer, toPageRequest(parseInput(pageQuerySchema, request.query)));
    },
  );

  app.get(
    '/api/notifications/unread',
    {
      schema: routeSchema({
        summary: 'Count unread lines',
        description: 'What the bell shows.',
        tag: 'Notifications',
        access: 'token',
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      return { response: await notifications.unread(viewer) };
    },
  );

  app.post(
    '/api/notifications/read',
    {
      schema: routeSchema({
        summary: 'Mark one line read',
        description: "`id` is the line's newest notification.",
        tag: 'Notifications',
        access: 'token',
        querystring: notificationIdQuerySchema,
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(notificationIdQuerySchema, request.query);
      return { response: await notifications.markRead(viewer, id) };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      schema: routeSchema({
        summary: 'Mark every line read',
        tag: 'Notifications',
        access: 'token',
        answers: { 200: answer(unreadSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      return { response: await notifications.markAllRead(viewer) };
    },
  );
}
