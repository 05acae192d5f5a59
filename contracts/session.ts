/**
 * Specification §2: "signed in" means a stored token that is not the text `undefined` and is at least
 * 10 characters long. An older build wrote the literal string "undefined", hence the check.
 */
export const TOKEN_MIN_LENGTH = 10;

/** Specification §3: the local storage key of the token (a contract with earlier versions of the app). */
export const TOKEN_STORAGE_KEY = 'token';

export function isUsableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token !== 'undefined' && token.length >= TOKEN_MIN_LENGTH;
}

/**
 * Set on <html> by a tiny inline script before the first paint when local storage holds a usable
 * token, so a server-rendered (anonymous) page can already make room for the signed-in header.
 * The app removes it once it has rendered the session itself.
 */
export const SIGNED_IN_HINT_ATTRIBUTE = 'data-signed-in';
