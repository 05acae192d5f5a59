import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../../components/ui/app-link';
import { getUnreadCount } from '../api/notifications-api';
import { onUnreadAnnounced } from '../unread-events';
import { BellIcon } from './bell-icon';
import '../notifications.css';

/**
 * Every 30 seconds: new notifications show up within half a minute, and a thousand open tabs cost
 * the server some 33 small reads a second. A hidden tab does not ask at all, and asks at once
 * when it is shown again (decision 0034).
 */
export const UNREAD_POLL_MS = 30_000;

/** The header's bell, with the unread count, kept current without a reload. */
export function NotificationBell() {
  const [unread, setUnread] = useState(0);
  const { pathname } = useLocation();

  useEffect(() => {
    let timer: number | undefined;
    let controller: AbortController | undefined;
    const refresh = async () => {
      controller?.abort();
      controller = new AbortController();
      const result = await getUnreadCount(controller.signal);
      if (result.ok) setUnread(result.data.response.unread);
    };
    const schedule = () => {
      window.clearInterval(timer);
      timer = undefined;
      if (document.visibilityState === 'hidden') return;
      void refresh();
      timer = window.setInterval(() => void refresh(), UNREAD_POLL_MS);
    };
    schedule();
    document.addEventListener('visibilitychange', schedule);
    const stopListening = onUnreadAnnounced(setUnread);
    return () => {
      window.clearInterval(timer);
      controller?.abort();
      document.removeEventListener('visibilitychange', schedule);
      stopListening();
    };
    // Asked again on every navigation too: a page change is a natural moment to be current.
  }, [pathname]);

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread.toLocaleString('en-US')} unread`;
  return (
    <AppLink className="nav-link notification-bell" to="/notifications" aria-label={label}>
      <BellIcon />
      {unread > 0 ? (
        <span className="notification-bell__count" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </AppLink>
  );
}
