import { z } from './zod';
import { idSchema } from './ids';
import { POST_NOT_FOUND_MESSAGE, type PostCover } from './posts';

/*
 * A profile's picture, links and pinned post (docs/decisions/0068-profile-pictures-links-and-pins.md).
 */

/** An uploaded profile picture is cropped square and stored at these sizes (px), as WebP. */
export const PICTURE_SIZES = [64, 128, 256] as const;
/** The largest size: its address is the profile's `image` (and Conduit's). */
export const PICTURE_SIZE = 256;
export const MAX_ELSEWHERE_LINKS = 5;
export const LINK_MAX = 300;

export const LINK_HTTPS_MESSAGE = 'Enter a full https:// address';
export const LINK_TOO_LONG_MESSAGE = `Addresses can be at most ${LINK_MAX} characters`;
export const TOO_MANY_LINKS_MESSAGE = `At most ${MAX_ELSEWHERE_LINKS} profiles elsewhere`;
export const DUPLICATE_LINK_MESSAGE = 'This address is already in your links';
export const PIN_NOT_YOURS_MESSAGE = 'You can pin only your own posts';
export const PIN_NOT_PUBLISHED_MESSAGE = 'Only a published post can be pinned';
/** An email-only post keeps off every list of posts, the profile's included. */
export const PIN_EMAIL_ONLY_MESSAGE = 'An email-only post is in no list, so it cannot be pinned';

/** An uploaded picture as pages show it: `srcset` lists every stored size. */
export type ProfilePicture = Pick<PostCover, 'id' | 'url' | 'srcset'>;

/**
 * An https address with a host, no user name or password in it (they would show on the profile),
 * and no private-looking host (`localhost`, a bare name): what a reader can follow. Plain http is
 * refused: Mastodon's verification and most readers' browsers expect https today.
 */
export function isHttpsLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    url.username === '' &&
    url.password === '' &&
    url.hostname.includes('.') &&
    !url.hostname.endsWith('.')
  );
}

const linkSchema = z
  .string({ error: LINK_HTTPS_MESSAGE })
  .trim()
  .max(LINK_MAX, LINK_TOO_LONG_MESSAGE)
  .refine((value) => isHttpsLink(value), LINK_HTTPS_MESSAGE);

/** PUT /api/user/links: both sent; '' clears the website, [] the profiles elsewhere. */
export const profileLinksSchema = z
  .strictObject({
    website: z.union([z.literal(''), linkSchema], { error: LINK_HTTPS_MESSAGE }),
    elsewhere: z
      .array(linkSchema, { error: 'elsewhere must be a list of addresses' })
      .max(MAX_ELSEWHERE_LINKS, TOO_MANY_LINKS_MESSAGE),
  })
  .superRefine((input, context) => {
    const seen = new Set(input.website ? [normalizedLink(input.website)] : []);
    input.elsewhere.forEach((link, index) => {
      const key = normalizedLink(link);
      if (seen.has(key)) {
        context.addIssue({ code: 'custom', message: DUPLICATE_LINK_MESSAGE, path: ['elsewhere', index] });
      }
      seen.add(key);
    });
  });
export type ProfileLinksInput = z.infer<typeof profileLinksSchema>;

/** Two spellings of one address (case of the host, a trailing slash) are one link. */
function normalizedLink(value: string): string {
  const url = new URL(value);
  return `${url.host}${url.pathname.replace(/\/$/, '')}${url.search}`.toLowerCase();
}

export interface ProfileLink {
  url: string;
  /** What the link is shown as: the service's name when known, else the host. */
  label: string;
}

export interface ProfileLinks {
  website: ProfileLink | null;
  elsewhere: ProfileLink[];
}

export const NO_LINKS: ProfileLinks = { website: null, elsewhere: [] };

const SERVICES: readonly [RegExp, string][] = [
  [/(^|\.)bsky\.app$/, 'Bluesky'],
  [/(^|\.)github\.com$/, 'GitHub'],
  [/(^|\.)gitlab\.com$/, 'GitLab'],
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)(x|twitter)\.com$/, 'X'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)threads\.(net|com)$/, 'Threads'],
  [/(^|\.)codeberg\.org$/, 'Codeberg'],
  [/(^|\.)stackoverflow\.com$/, 'Stack Overflow'],
];

/**
 * A recognizable label: a known service by its host; any host with a `/@name` path is taken as a
 * Mastodon (or other fediverse) account, shown as `@name@host`, the way people write it there.
 */
export function linkLabel(value: string): string {
  const url = new URL(value);
  const host = url.hostname.replace(/^www\./, '');
  for (const [pattern, name] of SERVICES) if (pattern.test(host)) return name;
  const account = /^\/@([A-Za-z0-9_.-]+)\/?$/.exec(url.pathname)?.[1];
  if (account) return `@${account}@${host}`;
  return host;
}

/** The stored JSON as the API answers it; anything unreadable is no links. */
export function readLinks(stored: string | null): ProfileLinks {
  if (!stored) return NO_LINKS;
  try {
    const parsed = profileLinksSchema.safeParse(JSON.parse(stored));
    if (!parsed.success) return NO_LINKS;
    const link = (url: string): ProfileLink => ({ url, label: linkLabel(url) });
    return {
      website: parsed.data.website ? link(parsed.data.website) : null,
      elsewhere: parsed.data.elsewhere.map(link),
    };
  } catch {
    return NO_LINKS;
  }
}

/** PUT /api/user/pinned */
export const pinPostSchema = z.strictObject({ postId: idSchema('postId', POST_NOT_FOUND_MESSAGE) });
