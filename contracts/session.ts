/**
 * SPEC §2: "signed in" means a stored token that is not the text `undefined` and is at least
 * 10 characters long. An older build wrote the literal string "undefined", hence the check.
 */
export const TOKEN_MIN_LENGTH = 10;

export function isUsableToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && token !== 'undefined' && token.length >= TOKEN_MIN_LENGTH;
}
