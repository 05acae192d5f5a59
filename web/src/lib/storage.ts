import type { ProfilePicture } from '../../../contracts/profile';
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
/**
 * Not a key of specification §3: the signed-in account's picture, for the header's account button
 * (decision 0086), as `{userId, picture, image}` JSON. Written from GET /api/user/me's answer.
 */
export const USER_PICTURE_KEY = 'userPicture';

export const SESSION_KEYS: readonly string[] = [
  TOKEN_KEY,
  USERNAME_KEY,
  USER_ID_KEY,
  LEGACY_USERNAME_KEY,
  USER_PICTURE_KEY,
];

/** What the header shows of the account: its uploaded picture, else a typed https address, else neither. */
export interface AccountAvatar {
  picture: ProfilePicture | null;
  image: string | null;
}

export interface StoredSession {
  token: string;
  username: string;
  userId: string;
  /** Present once GET /api/user/me has said it for this account. */
  avatar?: AccountAvatar;
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
  const userId = storage.getItem(USER_ID_KEY) ?? '';
  const avatar = readAvatar(storage, userId);
  return {
    token,
    username: storage.getItem(USERNAME_KEY) ?? '',
    userId,
    ...(avatar ? { avatar } : {}),
  };
}

const isPicture = (value: unknown): value is ProfilePicture =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ProfilePicture).id === 'string' &&
  typeof (value as ProfilePicture).url === 'string' &&
  typeof (value as ProfilePicture).srcset === 'string';

/**
 * The stored picture of `userId`'s account; undefined when none is stored for that account (never
 * another account's), or what is stored is not the shape written (an edited or older value).
 */
export function readAvatar(storage: KeyValueStorage, userId: string): AccountAvatar | undefined {
  const raw = storage.getItem(USER_PICTURE_KEY);
  if (raw === null || userId === '') return undefined;
  try {
    const value = JSON.parse(raw) as { userId?: unknown; picture?: unknown; image?: unknown };
    if (value.userId !== userId) return undefined;
    const picture = isPicture(value.picture) ? value.picture : null;
    const image = typeof value.image === 'string' ? value.image : null;
    return { picture, image };
  } catch {
    return undefined;
  }
}

/** Keeps what GET /api/user/me said of the account's picture, for the next page load. */
export function saveAvatar(storage: KeyValueStorage, userId: string, avatar: AccountAvatar): void {
  storage.setItem(USER_PICTURE_KEY, JSON.stringify({ userId, picture: avatar.picture, image: avatar.image }));
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
  // Another account's picture never shows in this one's header.
  if (readAvatar(storage, session.userId) === undefined) storage.removeItem(USER_PICTURE_KEY);
}

/** Specification §4: an account update replaces the token and the username; the id does not change. */
export function saveAccountUpdate(
  storage: KeyValueStorage,
  update: { token: string; username: string },
): void {
  storage.setItem(TOKEN_KEY, update.token);
  storage.setItem(USERNAME_KEY, update.username);
}

/** Specification §4 logout removes username, token and userId; a leftover legacy name and the picture go too. */
export function clearSession(storage: KeyValueStorage): void {
  for (const key of SESSION_KEYS) storage.removeItem(key);
}
