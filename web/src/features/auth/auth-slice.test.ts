import { describe, expect, it } from 'vitest';
import { createMemoryStorage, loadSession } from '../../lib/storage';
import {
  authReducer,
  authStateFromSession,
  avatarChanged,
  initialAuthState,
  login,
  logout,
} from './auth-slice';
import {
  SESSION_ENDED_MESSAGE,
  selectSignedOutAt,
  sessionNoticeReducer,
  showSessionNotice,
  signedOutByReader,
} from './session-notice-slice';

describe('auth slice (specification §3–§4)', () => {
  it('starts signed out: status false, userData null', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({ status: false, userData: null });
    expect(initialAuthState).toEqual({ status: false, userData: null });
  });

  it('login sets status true and stores the userData it carries', () => {
    const state = authReducer(undefined, login({ id: 'u1', username: 'ada' }));
    expect(state).toEqual({ status: true, userData: { id: 'u1', username: 'ada' } });
  });

  it('logout sets status false and clears userData', () => {
    const signedIn = authReducer(undefined, login({ id: 'u1', username: 'ada' }));
    expect(authReducer(signedIn, logout())).toEqual({ status: false, userData: null });
  });

  it('a later login replaces the user, as after an account update', () => {
    const first = authReducer(undefined, login({ id: 'u1', username: 'ada' }));
    expect(authReducer(first, login({ id: 'u1', username: 'lovelace' })).userData?.username).toBe('lovelace');
  });
});

describe('initial state from local storage', () => {
  it('is signed in when a usable token is stored, with the stored name and id', () => {
    const storage = createMemoryStorage();
    storage.setItem('token', 'header.payload.signature');
    storage.setItem('usersname', 'grace');
    storage.setItem('userId', 'u2');
    expect(authStateFromSession(loadSession(storage))).toEqual({
      status: true,
      userData: { id: 'u2', username: 'grace' },
    });
  });

  it('is signed out when the token is the text undefined', () => {
    const storage = createMemoryStorage();
    storage.setItem('token', 'undefined');
    storage.setItem('username', 'ada');
    expect(authStateFromSession(loadSession(storage))).toEqual({ status: false, userData: null });
  });
});

describe('the account’s picture (decision 0086)', () => {
  const avatar = { picture: null, image: 'https://pics.example/ada.png' };

  it('is shown for the account signed in, and ignored for another', () => {
    const signedIn = authReducer(undefined, login({ id: 'u1', username: 'ada' }));
    expect(authReducer(signedIn, avatarChanged('u1', avatar)).userData).toEqual({
      id: 'u1',
      username: 'ada',
      avatar,
    });
    expect(authReducer(signedIn, avatarChanged('u2', avatar))).toBe(signedIn);
    expect(authReducer(initialAuthState, avatarChanged('u1', avatar))).toBe(initialAuthState);
  });

  it('starts from the one stored for the account', () => {
    const storage = createMemoryStorage();
    storage.setItem('token', 'header.payload.signature');
    storage.setItem('username', 'ada');
    storage.setItem('userId', 'u1');
    storage.setItem('userPicture', JSON.stringify({ userId: 'u1', ...avatar }));
    expect(authStateFromSession(loadSession(storage)).userData).toEqual({
      id: 'u1',
      username: 'ada',
      avatar,
    });
  });
});

describe('session notice (difference 8 from the specification)', () => {
  it('holds the message until the next login', () => {
    const shown = sessionNoticeReducer(undefined, showSessionNotice(SESSION_ENDED_MESSAGE));
    expect(shown.message).toBe('Your session has ended. Please sign in again.');
    expect(sessionNoticeReducer(shown, login({ id: 'u1', username: 'ada' })).message).toBeNull();
  });

  it('marks the history entry where the reader logged out, until they sign in or the server ends a session', () => {
    const marked = sessionNoticeReducer(undefined, signedOutByReader('k1'));
    expect(selectSignedOutAt({ sessionNotice: marked })).toBe('k1');
    expect(marked.message).toBeNull();
    expect(sessionNoticeReducer(marked, login({ id: 'u1', username: 'ada' })).signedOutAt).toBeNull();
    expect(sessionNoticeReducer(marked, showSessionNotice(SESSION_ENDED_MESSAGE)).signedOutAt).toBeNull();
  });
});
