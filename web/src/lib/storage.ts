import { isUsableToken, TOKEN_STORAGE_KEY } from '../../../contracts/session';

/** The slice of the Web Storage API the app needs; tests hand in a plain in-memory object. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Specification §3: the local storage keys are a contract with earlier versions of the app. */
export const TOKEN_KEY = TOKEN_STORAGE_KEY;
export const USERNAME_KEY = 'username';
export const USER_ID_KEY = 'userId';
/** An older sign-in wrote the name under this misspelt key (difference 2 from the specification). */
export const LEGACY_USERNAME_KEY = 'usersname';

export const SESSION_KEYS: readonly string[] = [TOKEN_KEY, USERNAME_KEY, USER_ID_KEY, LEGACY_USERNAME_KEY];

export interface StoredSession {
  token: string;
  username: string;
  userId: string;
}

export function createMemoryStorage(): KeyValueStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/**
 * localStorage when the browser lets us use it. Private modes and locked-down browsers can throw on
 * access; the app then keeps the session in memory for this tab instead of failing to start.
 */
function browserStorage(): KeyValueStorage {
  try {
    if (typeof window !== 'undefined' && window.localStorage) {
      window.localStorage.getItem(TOKEN_KEY);
      return window.localStorage;
    }
  } catch {
    // fall through to memory
  }
  return createMemoryStorage();
}

export const appStorage: KeyValueStorage = browserStorage();

/**
 * Difference 2 from the specification: move a `usersname` left by an older build into `username`, once. A `username`
 * already present wins: the old app wrote it on sign-up and account update, and its logout left a
 * stale `usersname` behind, so when both exist `username` is the more recent.
 */
export function migrateLegacyUsername(storage: KeyValueStorage): void {
  const legacy = storage.getItem(LEGACY_USERNAME_KEY);
  if (legacy === null) return;
  if (!storage.getItem(USERNAME_KEY) && legacy !== '') {
    storage.setItem(USERNAME_KEY, legacy);
  }
  storage.removeItem(LEGACY_USERNAME_KEY);
}

/** The stored token when it counts as signed in (specification §2), otherwise null. */
export function readToken(storage: KeyValueStorage): string | null {
  const token = storage.getItem(TOKEN_KEY);
  return isUsableToken(token) ? token : null;
}

/** Signed in is decided by the token alone (specification §2); a missing name or id reads as empty. */
export function readSession(storage: KeyValueStorage): StoredSession | null {
  const token = readToken(storage);
  if (token === null) return null;
  return {
    token,
    username: storage.getItem(USERNAME_KEY) ?? '',
    userId: storage.getItem(USER_ID_KEY) ?? '',
  };
}

/** What the app does at start-up: tidy legacy keys, then read. */
export function loadSession(storage: KeyValueStorage): StoredSession | null {
  migrateLegacyUsername(storage);
  return readSession(storage);
}

/** Specification §4: sign-up and sign-in store token, username and userId. */
export function saveSession(storage: KeyValueStorage, session: StoredSession): void {
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(USERNAME_KEY, session.username);
  storage.setItem(USER_ID_KEY, session.userId);
  storage.removeItem(LEGACY_USERNAME_KEY);
}

/** Specification §4: an account update replaces the token and the username; the id does not change. */
export function saveAccountUpdate(
  storage: KeyValueStorage,
  update: { token: string; username: string },
): void {
  storage.setItem(TOKEN_KEY, update.token);
  storage.setItem(USERNAME_KEY, update.username);
}

/** Specification §4 logout removes username, token and userId; a leftover legacy name goes too. */
export function clearSession(storage: KeyValueStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}
