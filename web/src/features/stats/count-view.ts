import { useEffect, type RefObject } from 'react';
import { STATS_EVENT_PATH, type StatsEventName, type StatsPageKind } from '../../../../contracts/stats-event';
import { appStorage, readToken } from '../../lib/storage';

/** What makes a view a read: the end of the post seen, or its reading time spent on the page. */
export interface ReadSignals {
  minutes: number;
  end: RefObject<Element | null>;
}

/** Time spent with the page visible is checked this often. */
const TICK_MS = 5_000;

function report(kind: StatsPageKind, id: string, event: StatsEventName, token: string | null): void {
  // keepalive: a read sent as the reader leaves still goes. The token lets the server leave out a
  // writer's visits to their own pages; nothing is read back.
  void fetch(`${import.meta.env.VITE_API_BASE ?? ''}${STATS_EVENT_PATH}`, {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ kind, id, event, page: location.href, referrer: document.referrer || undefined }),
  }).catch(() => undefined);
}

/**
 * Reports a view of the page once it is interactive (an effect runs after hydration, so a page
 * from the response cache counts too) and, with `read`, one read: when the post's end comes into
 * view or the reader has spent its reading time on it with the page visible (decision 63).
 */
export function useCountView(kind: StatsPageKind, id: string, read?: ReadSignals): void {
  const minutes = read?.minutes;
  const end = read?.end;
  useEffect(() => {
    const token = readToken(appStorage);
    report(kind, id, 'view', token);
    if (minutes === undefined || end === undefined) return;
    let visibleMs = 0;
    const finish = () => {
      stop();
      report(kind, id, 'read', token);
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) finish();
    });
    if (end.current) observer.observe(end.current);
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') visibleMs += TICK_MS;
      if (visibleMs >= minutes * 60_000) finish();
    }, TICK_MS);
    const stop = () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
    return stop;
  }, [kind, id, minutes, end]);
}
