import { z } from './zod';
import {
  CANONICAL_URL_MESSAGE,
  isCanonicalUrl,
  isPostSlug,
  META_DESCRIPTION_MAX,
  META_DESCRIPTION_MESSAGE,
  META_TITLE_MAX,
  META_TITLE_MESSAGE,
  SLUG_MESSAGE,
  SOCIAL_IMAGE_NOT_FOUND_MESSAGE,
} from './post-settings-rules';

/**
 * A post's own settings (docs/decisions/0079-post-settings.md): the routes' schemas, made of the
 * rules and messages in post-settings-rules.ts, which the writing page's settings panel reads
 * without Zod (its first load stays small). The schemas also give the API reference its limits.
 */
export * from './post-settings-rules';

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
