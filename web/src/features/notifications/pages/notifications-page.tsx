import { useCallback, useEffect, useState } from 'react';
import { actorName, notificationText, type NotificationGroup } from '../../../../../contracts/notifications';
import { PageHead } from '../../../lib/head/page-head';
import { AppLink } from '../../../components/ui/app-link';
import { Avatar } from '../../../components/ui/avatar';
import { AvatarInitial } from '../../../components/ui/avatar-initial';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { LocalDate } from '../../../components/ui/local-date';
import { Skeleton } from '../../../components/ui/skeleton';
import type { ApiFailure } from '../../../lib/api-client';
import {
  COAUTHOR_INVITATIONS_PATH,
  HELD_COMMENTS_PATH,
  profilePath,
  readPostPath,
  SOCIAL_FOLLOWERS_PATH,
} from '../../../lib/paths';
import { getNotifications, markAllNotificationsRead, markNotificationRead } from '../api/notifications-api';
import { announceUnread } from '../unread-events';
import '../notifications.css';

interface ListState {
  items: NotificationGroup[];
  nextCursor: string | null;
  loading: boolean;
  error: ApiFailure | null;
}

/** Where a line leads: the comment in its discussion, the post, or the new follower's profile. */
function targetOf(group: NotificationGroup): string {
  // An invitation is answered where the writer's publications are.
  if (group.publication) return '/publications';
  // An invitation to co-write is answered above the writer's drafts (decision 0085).
  if (group.kind === 'coauthor') return COAUTHOR_INVITATIONS_PATH;
  // A held comment is approved or rejected in the author's queue (decision 0077).
  if (group.kind === 'held') return HELD_COMMENTS_PATH;
  // A follower or a request from the social web is seen, answered or removed in the writer's list.
  if (group.kind === 'social-follow' || group.kind === 'follow-request') return SOCIAL_FOLLOWERS_PATH;
  if (!group.post) return profilePath(group.actor);
  // A like or a boost is of the post itself, not of its discussion.
  if (group.kind === 'social-like' || group.kind === 'social-repost') return readPostPath(group.post);
  return `${readPostPath(group.post)}#discussion`;
}

/**
 * Who acted on the social web: their `@user@host`, linked to their profile on their server (never a
 * page here: the account standing for them has none worth reading), as the discussion links them.
 */
function RemoteActor({ remote }: { remote: NonNullable<NotificationGroup['remote']> }) {
  return (
    <p className="notification__remote">
      {remote.profileUrl ? (
        <a href={remote.profileUrl} rel="nofollow noopener ugc">
          {remote.handle}
        </a>
      ) : (
        remote.handle
      )}
    </p>
  );
}

/**
 * /notifications, behind RequireAccount: the reader's own, so it is rendered in the
 * browser. Newest first, page by page; one line or all can be marked read.
 */
export function NotificationsPage() {
  const [list, setList] = useState<ListState>({ items: [], nextCursor: null, loading: true, error: null });
  const [announcement, setAnnouncement] = useState('');

  const load = useCallback(async (cursor: string | null) => {
    setList((state) => ({ ...state, loading: true, error: null }));
    const result = await getNotifications(cursor);
    setList((state) =>
      result.ok
        ? {
            items: cursor === null ? result.data.response : [...state.items, ...result.data.response],
            nextCursor: result.data.nextCursor,
            loading: false,
            error: null,
          }
        : { ...state, loading: false, error: result.error },
    );
  }, []);

  useEffect(() => {
    void load(null);
  }, [load]);

  const markRead = async (group: NotificationGroup) => {
    if (!group.unread) return;
    const result = await markNotificationRead(group.id);
    if (!result.ok) return;
    setList((state) => ({
      ...state,
      items: state.items.map((item) => (item.id === group.id ? { ...item, unread: false } : item)),
    }));
    announceUnread(result.data.response.unread);
  };

  const markAll = async () => {
    const result = await markAllNotificationsRead();
    if (!result.ok) {
      setAnnouncement(result.error.message);
      return;
    }
    setList((state) => ({ ...state, items: state.items.map((item) => ({ ...item, unread: false })) }));
    announceUnread(result.data.response.unread);
    setAnnouncement('All notifications marked as read');
  };

  const anyUnread = list.items.some((item) => item.unread);
  return (
    <div className="page page--narrow notifications-page">
      <PageHead title="Notifications" noindex />
      <div className="notifications-page__top">
        <h1 className="notifications-page__heading">Notifications</h1>
        {anyUnread ? (
          <button
            className="button button--secondary button--small"
            type="button"
            onClick={() => void markAll()}
          >
            Mark all as read
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {list.items.length > 0 ? (
        <ol className="notification-list">
          {list.items.map((group) => (
            <li
              key={group.id}
              className={group.unread ? 'notification notification--unread' : 'notification'}
            >
              {group.remote ? (
                <Avatar name={actorName(group)} image={group.remote.pictureUrl} size="sm" />
              ) : (
                <AvatarInitial name={group.actor.username} size="sm" />
              )}
              <div className="notification__main">
                <AppLink
                  className="notification__link"
                  to={targetOf(group)}
                  onClick={() => void markRead(group)}
                >
                  {group.unread ? <span className="visually-hidden">Unread: </span> : null}
                  {notificationText(group)}
                </AppLink>
                {group.remote ? <RemoteActor remote={group.remote} /> : null}
                {group.comment ? <p className="notification__excerpt">{group.comment.excerpt}</p> : null}
                <LocalDate className="notification__date" iso={group.createdAt} />
              </div>
              {group.unread ? (
                <button
                  className="notification__read"
                  type="button"
                  aria-label={`Mark as read: ${notificationText(group)}`}
                  onClick={() => void markRead(group)}
                >
                  Mark as read
                </button>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {list.loading ? <NotificationsLoading /> : null}
      {list.error ? <ErrorRetry message={list.error.message} onRetry={() => void load(null)} /> : null}
      {!list.loading && !list.error && list.items.length === 0 ? (
        <div className="empty-state">
          <h2>Nothing yet</h2>
          <p>
            When someone comments on your posts, replies to you, mentions you, follows you or favorites a post
            of yours, here or on the social web, you will read it here.
          </p>
        </div>
      ) : null}
      {list.nextCursor !== null && !list.loading ? (
        <p className="notifications-page__more">
          <button
            className="button button--secondary"
            type="button"
            onClick={() => void load(list.nextCursor)}
          >
            Show older notifications
          </button>
        </p>
      ) : null}
    </div>
  );
}

function NotificationsLoading() {
  return (
    <div aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading notifications…
      </p>
      {[0, 1, 2].map((index) => (
        <div key={index} className="notification" aria-hidden="true">
          <Skeleton className="skeleton--avatar-sm" />
          <div className="notification__main">
            <Skeleton className="skeleton--line" />
            <Skeleton className="skeleton--text skeleton--w-25" />
          </div>
        </div>
      ))}
    </div>
  );
}
