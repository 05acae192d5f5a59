import { configureStore } from '@reduxjs/toolkit';
import { authReducer, authStateFromSession } from '../features/auth/auth-slice';
import { sessionNoticeReducer } from '../features/auth/session-notice-slice';
import type { StoredSession } from '../lib/storage';

export function createAppStore(session: StoredSession | null) {
  return configureStore({
    reducer: { auth: authReducer, sessionNotice: sessionNoticeReducer },
    // SPEC §2: a page load starts signed in exactly when local storage holds a usable token.
    preloadedState: { auth: authStateFromSession(session) },
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
