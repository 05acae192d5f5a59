/*
 * The tag rules without Zod, so the web app's shell (the topic page's loader) can apply them
 * without shipping a validation library on every first load (docs/decisions/0012).
 */

/**
 * Topics (tags): the rule every post form and the server share. A tag's address is lower case, its
 * words joined by '-', made of letters and digits of any script (with the combining marks that some
 * scripts write letters with, and a trailing '+' or '#'), at most 30 characters after normalization. A post has at most 5,
 * de-duplicated, in the writer's order.
 */
export const TAG_MAX_LENGTH = 30;
export const TAGS_PER_POST_MAX = 5;

export const TAGS_LIST_MESSAGE = 'Tags must be a list of words';
export const TAG_TEXT_MESSAGE = 'Each tag must be text';
export const TAG_EMPTY_MESSAGE = 'A tag needs at least one letter or digit';
export const TOO_MANY_TAGS_MESSAGE = `A post can have at most ${TAGS_PER_POST_MAX} tags`;

export function tagTooLongMessage(tag: string): string {
  const chars = [...tag];
  const shown = chars.length > TAG_MAX_LENGTH ? `${chars.slice(0, TAG_MAX_LENGTH).join('')}…` : tag;
  return `Tags must be at most ${TAG_MAX_LENGTH} characters ("${shown}" has ${chars.length})`;
}

/** Raw entries this long are refused before any work is spent normalizing them. */
const RAW_TAG_MAX = 200;
/** Duplicates may shrink a list, but not one this long. */
const RAW_LIST_MAX = 50;

// A word starts with a letter or a digit; marks only continue one (Devanagari's vowel signs, etc.).
// Trailing '+' and '#' stay, so C++, C# and C are three topics (docs/decisions/0059).
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*[+#]*/gu;

/**
 * The canonical form of one tag, its address: NFKC (so full-width and ligature forms fold to plain
 * letters), lower case, every run of anything but letters, digits and a word's trailing '+' or '#'
 * becoming a single '-'. "Machine Learning" → "machine-learning", "  C++ " → "c++",
 * "Ünïcode Café" → "ünïcode-café". A name as typed is kept beside it (tags.label).
 * Answers '' when nothing is left.
 */
export function normalizeTag(raw: string): string {
  return (raw.normalize('NFKC').toLowerCase().match(WORD) ?? []).join('-');
}

export type TagsResult = { ok: true; tags: string[] } | { ok: false; message: string };
export type TagNameResult = { ok: true; tag: string } | { ok: false; message: string };

/** One tag as a writer types it or a query parameter names it (the topic page, the follow button). */
export function parseTagName(raw: string): TagNameResult {
  if (raw.length > RAW_TAG_MAX) return { ok: false, message: tagTooLongMessage(raw) };
  const tag = normalizeTag(raw);
  if (tag === '') return { ok: false, message: TAG_EMPTY_MESSAGE };
  if ([...tag].length > TAG_MAX_LENGTH) return { ok: false, message: tagTooLongMessage(tag) };
  return { ok: true, tag };
}

/** A post's tags as the writer sent them → normalized, de-duplicated, in order; or why not. */
export function normalizeTags(raw: readonly unknown[]): TagsResult {
  if (raw.length > RAW_LIST_MAX) return { ok: false, message: TOO_MANY_TAGS_MESSAGE };
  const tags: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'string') return { ok: false, message: TAG_TEXT_MESSAGE };
    const parsed = parseTagName(entry);
    if (!parsed.ok) return parsed;
    if (!tags.includes(parsed.tag)) tags.push(parsed.tag);
  }
  if (tags.length > TAGS_PER_POST_MAX) return { ok: false, message: TOO_MANY_TAGS_MESSAGE };
  return { ok: true, tags };
}
