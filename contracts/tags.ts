import { z } from './zod';
import { normalizeTags, TAGS_LIST_MESSAGE } from './tag-rules';

export * from './tag-rules';

/** `tags` in a post's body: a list of strings in, the normalized list out (or a 400 message). */
export const tagsSchema = z.array(z.unknown(), { error: TAGS_LIST_MESSAGE }).transform((raw, ctx) => {
  const result = normalizeTags(raw);
  if (result.ok) return result.tags;
  ctx.addIssue({ code: 'custom', message: result.message });
  return z.NEVER;
});

/** A tag and how many posts carry it (GET /api/tags, the side panel's recommended topics). */
export interface TagSummary {
  name: string;
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
