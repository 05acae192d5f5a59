import { getCurrentUser } from '../features/auth/api/get-current-user';
import { expireSession, syncSessionFromStorage } from '../features/auth/session';
import { configureApiClient } from '../lib/api-client';
import { withNext } from '../lib/safe-next-path';
import { SESSION_KEYS } from '../lib/storage';
import { hasReaderData, requiresAccount } from './route-handle';
import type { AppRouter } from './router-types';
import type { AppStore } from './store';

/** Connects what no single page owns: a token the server rejects, other tabs, and who reads. */
export function connectSession(store: AppStore, router: AppRouter): void {
  configureApiClient({
    // Difference 8 from the specification: sign out cleanly and say why, then offer to sign in and come back.
    onSessionRejected: () => {
      expireSession(store.dispatch);
      const { location, matches } = router.state;
      // On a private page its guard is already on its way to /signin?next=…; a second navigation
      // would only race it.
      if (requiresAccount(matches.map((match) => match.route.handle)) || location.pathname === '/signin')
        return;
      void router.navigate(withNext('/signin', location.pathname + location.search));
    },
  });

  // A token revoked elsewhere (a password change on another device) or expired while the tab was
  // closed: find out now, not when the reader's first write fails. The 401 path above handles it.
  if (store.getState().auth.status) void getCurrentUser(store.dispatch);

  // What pages show depends on who reads (`favorited`, `following`, the Following feed): when the
  // reader signs in or out, the loaders of the page on screen run again.
  const viewerOf = () => {
    const { status, userData } = store.getState().auth;
    return status ? `signed-in:${userData?.id ?? ''}` : 'visitor';
  };
  let viewer = viewerOf();
  store.subscribe(() => {
    const next = viewerOf();
    if (next === viewer) return;
    viewer = next;
    void router.revalidate();
    // A new sign-in: is it an operator's (the account menu's Admin link)?
    if (store.getState().auth.status) void getCurrentUser(store.dispatch);
  });

  window.addEventListener('storage', (event) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) syncSessionFromStorage(store.dispatch);
  });
}

/**
 * After hydration: the server rendered the visitor's page. A signed-in reader's own data
 * (`favorited`, `following`, their private pages), and anything the server left to the browser,
 * comes from running the page's loaders again here, with the session. Pages that are the same for
 * everyone (the all-posts list) are left as they are.
 */
export function loadReaderData(store: AppStore, router: AppRouter): void {
  const { loaderData, matches } = router.state;
  const browserOnly = Object.values(loaderData).some(
    (data) =>
      typeof data === 'object' && data !== null && (data as { browserOnly?: unknown }).browserOnly === true,
  );
  const readerData = hasReaderData(matches.map((match) => match.route.handle));
  if (browserOnly || (store.getState().auth.status && readerData)) void router.revalidate();
}
