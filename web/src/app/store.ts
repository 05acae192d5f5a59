import { combineReducers, legacy_createStore as createStore } from 'redux';
import { authReducer, authStateFromSession } from '../features/auth/auth-slice';
import { initialSessionNoticeState, sessionNoticeReducer } from '../features/auth/session-notice-slice';
import type { StoredSession } from '../lib/storage';

const rootReducer = combineReducers({ auth: authReducer, sessionNotice: sessionNoticeReducer });

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Redux's own store (specification §3–§4's auth state), without Redux Toolkit: the app needs two small
 * reducers and no middleware, and Toolkit would add Immer to every first load. Redux marks
 * `createStore` legacy only to steer people to Toolkit; it is supported.
 */
export function createAppStore(session: StoredSession | null) {
  // Specification §2: a page load starts signed in exactly when local storage holds a usable token.
  const preloaded: RootState = {
    auth: authStateFromSession(session),
    sessionNotice: initialSessionNoticeState,
  };
  return createStore(rootReducer, preloaded);
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
