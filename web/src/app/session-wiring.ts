import { getCurrentUser } from '../features/auth/api/get-current-user';
import { expireSession, syncSessionFromStorage } from '../features/auth/session';
import { configureApiClient } from '../lib/api-client';
import { withNext } from '../lib/safe-next-path';
import { SESSION_KEYS } from '../lib/storage';
import { requiresAccount } from './route-handle';
import type { AppRouter } from './router';
import type { AppStore } from './store';

/** Connects what no single page owns: a token the server rejects, and other tabs. */
export function connectSession(store: AppStore, router: AppRouter): void {
  configureApiClient({
    // PRODUCT fix 8: sign out cleanly and say why, then offer to sign in and come back.
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
  if (store.getState().auth.status) void getCurrentUser();

  window.addEventListener('storage', (event) => {
    if (event.key === null || SESSION_KEYS.includes(event.key)) syncSessionFromStorage(store.dispatch);
  });
}
