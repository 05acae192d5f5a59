import type { Dispatch } from 'redux';
import {
  appStorage,
  clearSession,
  readAvatar,
  readSession,
  saveAccountUpdate,
  saveAvatar,
  saveSession,
  type AccountAvatar,
  type StoredSession,
} from '../../lib/storage';
import { avatarChanged, login, logout, userOf } from './auth-slice';
import { SESSION_ENDED_MESSAGE, showSessionNotice } from './session-notice-slice';

/*
 * Local storage and the auth slice always change together, so each transition lives here once.
 * Storage is written first: anything that reacts to the new state (a guard, a fetch) reads the token
 * from storage.
 */

/** Specification §4, after sign-up or sign-in. */
export function startSession(dispatch: Dispatch, session: StoredSession): void {
  saveSession(appStorage, session);
  const avatar = readAvatar(appStorage, session.userId);
  dispatch(login(userOf({ ...session, ...(avatar ? { avatar } : {}) })));
}

/** Specification §4, after an account update: a new token and name for the same user. */
export function applyAccountUpdate(dispatch: Dispatch, update: StoredSession): void {
  saveAccountUpdate(appStorage, update);
  // The same account: its picture stays.
  const avatar = readAvatar(appStorage, update.userId);
  dispatch(login(userOf({ ...update, ...(avatar ? { avatar } : {}) })));
}

/**
 * What GET /api/user/me said of the account's picture (decision 0086): kept for the next page load
 * and shown in the header, when it is the account signed in here.
 */
export function applyAccountAvatar(dispatch: Dispatch, userId: string, avatar: AccountAvatar): void {
  if (readSession(appStorage)?.userId !== userId) return;
  saveAvatar(appStorage, userId, avatar);
  dispatch(avatarChanged(userId, avatar));
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
  if (session) dispatch(login(userOf(session)));
  else dispatch(logout());
}
