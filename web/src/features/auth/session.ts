import type { Dispatch } from 'redux';
import {
  appStorage,
  clearSession,
  readSession,
  saveAccountUpdate,
  saveSession,
  type StoredSession,
} from '../../lib/storage';
import { login, logout } from './auth-slice';
import { SESSION_ENDED_MESSAGE, showSessionNotice } from './session-notice-slice';

/*
 * Local storage and the auth slice always change together, so each transition lives here once.
 * Storage is written first: anything that reacts to the new state (a guard, a fetch) reads the token
 * from storage.
 */

/** Specification §4, after sign-up or sign-in. */
export function startSession(dispatch: Dispatch, session: StoredSession): void {
  saveSession(appStorage, session);
  dispatch(login({ id: session.userId, username: session.username }));
}

/** Specification §4, after an account update: a new token and name for the same user. */
export function applyAccountUpdate(dispatch: Dispatch, update: StoredSession): void {
  saveAccountUpdate(appStorage, update);
  dispatch(login({ id: update.userId, username: update.username }));
}

/** Specification §4, the Logout menu item. */
export function endSession(dispatch: Dispatch): void {
  clearSession(appStorage);
  dispatch(logout());
}

/** Difference 8 from the specification: the server rejected our token. The notice goes first so /signin can show it. */
export function expireSession(dispatch: Dispatch): void {
  dispatch(showSessionNotice(SESSION_ENDED_MESSAGE));
  endSession(dispatch);
}

/** Another tab signed in or out: follow it, so one browser never shows two different users. */
export function syncSessionFromStorage(dispatch: Dispatch): void {
  const session = readSession(appStorage);
  if (session) dispatch(login({ id: session.userId, username: session.username }));
  else dispatch(logout());
}
