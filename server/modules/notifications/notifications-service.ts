import {
  NOTIFICATION_NOT_FOUND_MESSAGE,
  type NotificationGroup,
  type UnreadCount,
} from '../../../contracts/notifications';
import type { Page } from '../../../contracts/posts';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { notFound } from '../../lib/http-errors';
import { toPage, type PageRequest } from '../posts/paging';
import type { NotificationsRepository } from './notifications-repository';

/** A signed-in reader reads their own notifications and marks them read. */
export class NotificationsService {
  constructor(private readonly notifications: NotificationsRepository) {}

  async list(viewer: Viewer, page: PageRequest): Promise<Page<NotificationGroup>> {
    return toPage(await this.notifications.listGroups(viewer.id, page), page.limit);
  }

  async unread(viewer: Viewer): Promise<UnreadCount> {
    return { unread: await this.notifications.unreadCount(viewer.id) };
  }

  async markRead(viewer: Viewer, id: string): Promise<UnreadCount> {
    if (!(await this.notifications.markGroupRead(viewer.id, id, nowIso()))) {
      throw notFound(NOTIFICATION_NOT_FOUND_MESSAGE);
    }
    return this.unread(viewer);
  }

  async markAllRead(viewer: Viewer): Promise<UnreadCount> {
    await this.notifications.markAllRead(viewer.id, nowIso());
    return this.unread(viewer);
  }
}
