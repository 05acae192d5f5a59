/**
 * A post's own settings (docs/decisions/0079-post-settings.md): the rules and their messages, with
 * no Zod, so the writing page's settings panel checks what the routes check (contracts/post-settings.ts
 * builds their schemas on `readPostSetting`) without Zod in the page's first load.
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

/** The settings a writer types. */
export type PostSettingField = 'slug' | 'metaTitle' | 'metaDescription' | 'canonicalUrl';

/**
 * What a typed setting means, or why it cannot be saved. Trimmed; an address is lower-cased and
 * must be a slug; a search title or description is at most its length, and empty clears it (null:
 * "use the default"); a canonical address is empty (cleared) or an absolute http(s) address.
 */
export function readPostSetting(
  field: PostSettingField,
  typed: string,
): { value: string | null } | { error: string } {
  const value = typed.trim();
  switch (field) {
    case 'slug': {
      const slug = value.toLowerCase();
      return isPostSlug(slug) ? { value: slug } : { error: SLUG_MESSAGE };
    }
    case 'metaTitle':
      return value.length <= META_TITLE_MAX ? { value: value || null } : { error: META_TITLE_MESSAGE };
    case 'metaDescription':
      return value.length <= META_DESCRIPTION_MAX
        ? { value: value || null }
        : { error: META_DESCRIPTION_MESSAGE };
    case 'canonicalUrl':
      return value === ''
        ? { value: null }
        : isCanonicalUrl(value)
          ? { value }
          : { error: CANONICAL_URL_MESSAGE };
  }
}
