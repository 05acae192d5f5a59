import { z } from './zod';

/**
 * Every account's handle (docs/decisions/0051-handles.md): the short, spaceless address beside the
 * spec's `username` (the display name) that mentions, profile addresses (/@handle) and the social
 * web (@handle@host) use. Lowercase letters, digits and `_`, unique without regard to case.
 */
export const HANDLE_MIN = 2;
export const HANDLE_MAX = 30;
const HANDLE_PATTERN = /^[a-z0-9_]+$/;

export const HANDLE_TAKEN_MESSAGE = 'This handle is already taken';
export const HANDLE_CHARACTERS_MESSAGE = 'A handle may hold only lowercase letters, digits and _';

/**
 * A handle as typed, folded to its stored form first: NFKC turns fullwidth letters into plain ones
 * and case does not matter, so "Ｂｏｂ" and "BOB" are both "bob".
 */
export const handleSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Handle is required' : 'Handle must be text') })
  .trim()
  .overwrite((handle) => handle.replace(/^@/, '').normalize('NFKC').toLowerCase())
  .min(HANDLE_MIN, `Handle must be at least ${HANDLE_MIN} characters`)
  .max(HANDLE_MAX, `Handle must be at most ${HANDLE_MAX} characters`)
  .regex(HANDLE_PATTERN, HANDLE_CHARACTERS_MESSAGE);

/** Used when a name has no letter or digit to make a handle from. */
const FALLBACK_HANDLE = 'writer';

/**
 * The handle proposed for a name: accents dropped ("Zoë" → "zoe"), lowercase, every run of other
 * characters one `_` ("Bob Reader" → "bob_reader"), cut to leave room for a number.
 */
export function proposeHandle(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, HANDLE_MAX - 4)
    .replace(/_+$/, '');
  return base.length >= HANDLE_MIN ? base : FALLBACK_HANDLE;
}

/** The proposal with a number added when the plain one is taken: bob_reader2, bob_reader3, … */
export function numberedHandle(base: string, n: number): string {
  const suffix = String(n);
  return `${base.slice(0, HANDLE_MAX - suffix.length)}${suffix}`;
}
