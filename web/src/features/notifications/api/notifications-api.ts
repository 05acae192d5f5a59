import type { NotificationGroup, UnreadCount } from '../../../../../contracts/notifications';
import type { Page } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/notifications?cursor= (bearer) → a page of lines, newest first. */
export function getNotifications(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<NotificationGroup>>('/api/notifications', { query: { cursor }, auth: true, signal });
}

/** GET /api/notifications/unread (bearer) → {response: {unread}}: what the bell shows. */
export function getUnreadCount(signal?: AbortSignal) {
  return apiRequest<{ response: UnreadCount }>('/api/notifications/unread', { auth: true, signal });
}

/** POST /api/notifications/read?id= (bearer): marks one line read; answers the new unread count. */
export function markNotificationRead(id: string) {
  return apiRequest<{ response: UnreadCount }>('/api/notifications/read', {
    method: 'POST',
    query: { id },
    auth: true,
  });
}

/** POST /api/notifications/read-all (bearer). */
export function markAllNotificationsRead() {
  return apiRequest<{ response: UnreadCount }>('/api/notifications/read-all', { method: 'POST', auth: true });
}
