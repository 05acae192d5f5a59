import { z } from './zod';

/**
 * A post's own settings (docs/decisions/0079-post-settings.md): its address on its blog's site,
 * what search engines and link previews show, and where it was first published. Shared by the
 * routes and the writing page's settings panel, so a rule and its message live in one place.
 */

export const POST_SLUG_MAX = 100;
export const META_TITLE_MAX = 200;
export const META_DESCRIPTION_MAX = 300;
export const CANONICAL_URL_MAX = 2000;

export const SLUG_MESSAGE = `slug must be 1 to ${POST_SLUG_MAX} lower-case letters, digits and single hyphens, like my-first-post`;
export const SLUG_TAKEN_MESSAGE = 'Another post in this blog already has this address';
export const META_TITLE_MESSAGE = `metaTitle must be text of at most ${META_TITLE_MAX} characters`;
export const META_DESCRIPTION_MESSAGE = `metaDescription must be text of at most ${META_DESCRIPTION_MAX} characters`;
export const CANONICAL_URL_MESSAGE = `canonicalUrl must be an absolute http or https address of at most ${CANONICAL_URL_MAX} characters`;
export const SOCIAL_IMAGE_NOT_FOUND_MESSAGE = 'Social picture not found';

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Whether `value` is a slug a writer may give (the site route tells a slug from an id with it). */
export function isPostSlug(value: string): boolean {
  return value.length <= POST_SLUG_MAX && SLUG_PATTERN.test(value);
}

/**
 * The address a title makes: letters without their accents, lower-cased, anything else a single
 * hyphen; null when nothing is left (a title of emoji or of another script), and the post is then
 * addressed by its id.
 */
export function slugFromTitle(title: string): string | null {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, POST_SLUG_MAX - 4)
    .replace(/-+$/, '');
  return slug.length > 0 ? slug : null;
}

/** `slug-N`, kept within POST_SLUG_MAX: the next address to try when `slug` is taken. */
export function numberedPostSlug(slug: string, n: number): string {
  const suffix = `-${n}`;
  return `${slug.slice(0, POST_SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/** Whether `value` is an absolute http(s) address a canonical link may name. */
export function isCanonicalUrl(value: string): boolean {
  if (value.length > CANONICAL_URL_MAX || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname.length > 0 &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Text that may be cleared: empty (after trimming) is null, "use the default". */
const clearableText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value));

/**
 * The settings' fields of `POST` and `PUT /api/post/blog`. Each is optional: absent keeps the
 * post's own (PUT) or the default (POST); null or '' clears it. `slug` cannot be cleared: null
 * asks for the title's address again.
 */
export const postSettingsFields = {
  slug: z
    .string({ error: SLUG_MESSAGE })
    .trim()
    .toLowerCase()
    .refine(isPostSlug, SLUG_MESSAGE)
    .nullable()
    .optional(),
  metaTitle: clearableText(META_TITLE_MAX, META_TITLE_MESSAGE).optional(),
  metaDescription: clearableText(META_DESCRIPTION_MAX, META_DESCRIPTION_MESSAGE).optional(),
  socialImageId: z
    .string({ error: 'socialImageId must be text or null' })
    .max(64, SOCIAL_IMAGE_NOT_FOUND_MESSAGE)
    .nullable()
    .optional(),
  canonicalUrl: z
    .string({ error: CANONICAL_URL_MESSAGE })
    .trim()
    .refine((value) => value === '' || isCanonicalUrl(value), CANONICAL_URL_MESSAGE)
    .nullable()
    .transform((value) => (value === null || value === '' ? null : value))
    .optional(),
};
