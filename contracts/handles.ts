import { isUuid } from './ids';
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

/** The most people one GET /api/user/handles answers, and how many when `limit` is not given. */
export const HANDLE_SUGGESTIONS_MAX = 20;
export const HANDLE_SUGGESTIONS_DEFAULT = 8;
const HANDLE_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${HANDLE_SUGGESTIONS_MAX}`;
export const TOO_MANY_HANDLE_LOOKUPS_MESSAGE = 'Too many lookups. Please try again later.';

/**
 * GET /api/user/handles: whom the comment box suggests as one types `@` and the first letters.
 * `prefix` is matched on the handle and on the name, without regard to case; `postId` puts the
 * people in that post's discussion (its author and commenters) first.
 */
export const handleSuggestionsQuerySchema = z.object({
  prefix: z
    .string({ error: 'Prefix is required' })
    .trim()
    .overwrite((prefix) => prefix.replace(/^@/, '').normalize('NFKC').toLowerCase())
    .min(1, 'Prefix is required')
    .max(HANDLE_MAX, `Prefix must be at most ${HANDLE_MAX} characters`),
  limit: z
    .string({ error: HANDLE_LIMIT_MESSAGE })
    .regex(/^\d{1,2}$/, HANDLE_LIMIT_MESSAGE)
    .transform(Number)
    .refine((value) => value >= 1 && value <= HANDLE_SUGGESTIONS_MAX, HANDLE_LIMIT_MESSAGE)
    .default(HANDLE_SUGGESTIONS_DEFAULT),
  postId: z.string({ error: 'postId must be an id' }).refine(isUuid, 'postId must be an id').optional(),
});
export type HandleSuggestionsQuery = z.output<typeof handleSuggestionsQuerySchema>;

/** One suggestion: someone with a handle (former members, who have none, are never suggested). */
export interface HandleSuggestion {
  id: string;
  username: string;
  handle: string;
}
