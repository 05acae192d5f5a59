import { hasHiddenCharacters } from './auth';
import { z } from './zod';
import { normalizeTag, normalizeTags, TAG_MAX_LENGTH, TAGS_LIST_MESSAGE } from './tag-rules';

export * from './tag-rules';

/** `tags` in a post's body: a list of strings in, the normalized list out (or a 400 message). */
export const tagsSchema = z.array(z.unknown(), { error: TAGS_LIST_MESSAGE }).transform((raw, ctx) => {
  const result = normalizeTags(raw);
  if (result.ok) return result.tags;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/**
 * A topic as a writer typed it: its address (`name`, the shared rule's form, the key every link and
 * table uses) and the name as typed (`label`: case, '_', '+', '#', spaces, accents), which the
 * topic keeps from its first writer (docs/decisions/0059-conduit-to-the-letter.md).
 */
export interface TypedTag {
  name: string;
  label: string;
}

/** A name as typed, white space trimmed and collapsed; the address itself when it cannot be shown. */
export function tagLabel(raw: string, name: string): string {
  const label = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
  return [...label].length <= TAG_MAX_LENGTH && !hasHiddenCharacters(label) ? label : name;
}

/**
 * A post's tags checked by the shared rule like `tagsSchema`, each keeping the name it was typed
 * with (the first spelling of an address in the list wins), in the writer's order.
 */
export const typedTagsSchema = z
  .array(z.unknown(), { error: TAGS_LIST_MESSAGE })
  .transform((raw, ctx): TypedTag[] => {
    const result = normalizeTags(raw);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    }
    const labels = new Map<string, string>();
    for (const entry of raw as string[]) {
      const name = normalizeTag(entry);
      if (!labels.has(name)) labels.set(name, tagLabel(entry, name));
    }
    return result.tags.map((name) => ({ name, label: labels.get(name) ?? name }));
  });

/** A tag and how many posts carry it (GET /api/tags, the side panel's recommended topics). */
export interface TagSummary {
  /** The topic's address: its page is /topic/<name>. */
  name: string;
  /** The name its first writer typed (`C++` for `c++`); the address for topics from before names were kept. */
  label: string;
  postCount: number;
}

/** GET /api/tags/info?name= → {response: TagInfo}: the topic page's header. */
export interface TagInfo extends TagSummary {
  followerCount: number;
  /** Present only when the request carries a valid token: does the reader follow this topic? */
  following?: boolean;
}

export const TAGS_LIST_LIMIT_DEFAULT = 20;
export const TAGS_LIST_LIMIT_MAX = 100;
/** How many topics one reader may follow: bounds the following feed's work and the list's size. */
export const FOLLOWED_TAGS_MAX = 100;
