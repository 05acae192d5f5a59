import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idSchema } from '../../../contracts/ids';
import { NOTIFICATION_NOT_FOUND_MESSAGE } from '../../../contracts/notifications';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../posts/paging';
import type { NotificationsService } from './notifications-service';

const notificationIdQuerySchema = z.object({ id: idSchema('id', NOTIFICATION_NOT_FOUND_MESSAGE) });

/** HTTP for notifications (all bearer): translates requests to the service and back. */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: { notifications: NotificationsService; auth: Authenticator },
): void {
  const { notifications, auth } = deps;

  app.get('/api/notifications', async (request) => {
    const viewer = await auth.require(request);
    return notifications.list(viewer, toPageRequest(parseInput(pageQuerySchema, request.query)));
  });

  app.get('/api/notifications/unread', async (request) => {
    const viewer = await auth.require(request);
    return { response: await notifications.unread(viewer) };
  });

  app.post('/api/notifications/read', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(notificationIdQuerySchema, request.query);
    return { response: await notifications.markRead(viewer, id) };
  });

  app.post('/api/notifications/read-all', async (request) => {
    const viewer = await auth.require(request);
    return { response: await notifications.markAllRead(viewer) };
  });
}
