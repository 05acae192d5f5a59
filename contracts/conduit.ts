/**
 * The RealWorld (Conduit) API (docs/decisions/0040-conduit-api.md): the public
 * specification's request and answer shapes, on Inkwell's own data. An article is a published
 * post; its slug is the title's words followed by the post's id, so any slug of a post finds it.
 */
import {
  BIO_MAX,
  PASSWORD_MAX,
  RECENT_SIGN_IN_MINUTES,
  emailSchema,
  imageUrlSchema,
  passwordSchema,
  usernameSchema,
} from './auth';
import { COMMENT_MAX } from './comments';
import { CONTENT_MAX, PAGE_LIMIT_MAX, TITLE_MAX } from './posts';
import { typedTagsSchema, type TypedTag } from './tags';
import { z } from './zod';

export const DESCRIPTION_MAX = 1000;
export const CONDUIT_LIMIT_DEFAULT = 20;
/** OFFSET paging reads and skips every earlier row, so how far a page may start is bounded. */
export const CONDUIT_OFFSET_MAX = 10_000;
/** A discussion is answered whole (the spec has no paging for comments), up to this many. */
export const CONDUIT_COMMENTS_MAX = 500;

/** Said on `currentPassword` when an email or password change comes long after the sign-in. */
export const RECENT_SIGN_IN_NEEDED_MESSAGE = `is needed to change the email or password more than ${RECENT_SIGN_IN_MINUTES} minutes after signing in (or sign in again)`;

const text = (label: string) => z.string({ error: `${label} must be text` });

/** The specification's word for a required field that is missing, null or only spaces. */
export const CANT_BE_BLANK = "can't be blank";
/** A new password through Conduit: at least 8 characters, as the public suite's NIST rule has it. */
export const CONDUIT_PASSWORD_MIN = 8;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** `schema`, after a blank value (absent, null, '' or spaces) is refused as "can't be blank". */
const filled = <T extends z.ZodType>(schema: T) =>
  z
    .unknown()
    .refine((value) => !isBlank(value), { message: CANT_BE_BLANK, abort: true })
    .pipe(schema);

/** As `filled`, but an absent field is left out: an update changes only what it sends. */
const filledIfSent = <T extends z.ZodType>(schema: T) => filled(schema).optional();

const requiredText = (label: string, max: number) =>
  filled(text(label).max(max, `is too long (at most ${max.toLocaleString('en-US')} characters)`));

const newPasswordSchema = text('Password')
  .min(CONDUIT_PASSWORD_MIN, `is too short (at least ${CONDUIT_PASSWORD_MIN} characters)`)
  .max(PASSWORD_MAX, `is too long (at most ${PASSWORD_MAX} characters)`);

export const conduitRegistrationSchema = z.object({
  user: z.object({
    username: filled(usernameSchema),
    email: filled(emailSchema),
    password: filled(newPasswordSchema),
  }),
});

export const conduitLoginSchema = z.object({
  user: z.object({ email: filled(emailSchema), password: filled(passwordSchema) }),
});

/**
 * An update changes what it sends. The name, email and password cannot be blank or null (422);
 * the bio and picture can, which clears them.
 */
export const conduitUserUpdateSchema = z.object({
  user: z.object({
    username: filledIfSent(usernameSchema),
    email: filledIfSent(emailSchema),
    password: filledIfSent(newPasswordSchema),
    // null or '' clears the bio or picture.
    bio: z.preprocess((value) => (value === null ? '' : value), text('Bio').max(BIO_MAX).optional()),
    image: z.preprocess((value) => (value === null ? '' : value), imageUrlSchema.optional()),
    /**
     * Not in the specification: needed beside a new email or password more than
     * RECENT_SIGN_IN_MINUTES after signing in (decision 59). Empty or null is none.
     */
    currentPassword: z.preprocess(
      (value) => (value === null || value === '' ? undefined : value),
      text('Current password').max(PASSWORD_MAX).optional(),
    ),
  }),
});
export type ConduitUserUpdate = z.infer<typeof conduitUserUpdateSchema>['user'];

const DESCRIPTION_TOO_LONG = `is too long (at most ${DESCRIPTION_MAX.toLocaleString('en-US')} characters)`;
const descriptionSchema = text('Description').max(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG);

/** A topic as a RealWorld writer gave it: the name as typed, and its address (the shared rule's). */
export type ConduitTag = TypedTag;

/** A tag list: absent is none (or, in an update, unchanged); null is not a list (422). */
const tagListSchema = typedTagsSchema.optional();

export const conduitNewArticleSchema = z.object({
  article: z.object({
    title: requiredText('Title', TITLE_MAX),
    description: filled(descriptionSchema),
    body: requiredText('Body', CONTENT_MAX),
    tagList: tagListSchema,
  }),
});
export type ConduitNewArticle = z.infer<typeof conduitNewArticleSchema>['article'];

export const conduitArticleUpdateSchema = z.object({
  article: z.object({
    title: filledIfSent(
      text('Title').max(TITLE_MAX, `is too long (at most ${TITLE_MAX.toLocaleString('en-US')} characters)`),
    ),
    description: filledIfSent(descriptionSchema),
    body: filledIfSent(
      text('Body').max(
        CONTENT_MAX,
        `is too long (at most ${CONTENT_MAX.toLocaleString('en-US')} characters)`,
      ),
    ),
    tagList: tagListSchema,
  }),
});
export type ConduitArticleUpdate = z.infer<typeof conduitArticleUpdateSchema>['article'];

export const conduitNewCommentSchema = z.object({
  comment: z.object({ body: requiredText('Body', COMMENT_MAX) }),
});

const wholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .refine((value) => value >= min && value <= max, message);
};

const pageQuery = {
  limit: wholeNumber('limit', 1, PAGE_LIMIT_MAX).optional(),
  offset: wholeNumber('offset', 0, CONDUIT_OFFSET_MAX).optional(),
};

export const conduitFeedQuerySchema = z.object(pageQuery);

export const conduitArticlesQuerySchema = z.object({
  ...pageQuery,
  tag: text('tag').max(200).optional(),
  author: text('author').max(200).optional(),
  favorited: text('favorited').max(200).optional(),
});
export type ConduitArticlesQuery = z.infer<typeof conduitArticlesQuerySchema>;

export interface ConduitUser {
  email: string;
  token: string;
  username: string;
  bio: string | null;
  image: string | null;
}

export interface ConduitProfile {
  username: string;
  bio: string | null;
  image: string | null;
  following: boolean;
}

export interface ConduitArticle {
  slug: string;
  title: string;
  description: string;
  /** Markdown; left out of lists, as the specification's list answer does. */
  body?: string;
  tagList: string[];
  createdAt: string;
  updatedAt: string;
  favorited: boolean;
  favoritesCount: number;
  author: ConduitProfile;
}

export interface ConduitComment {
  /** The comment's whole number, as the specification has it (Inkwell's own routes use its UUID). */
  id: number;
  createdAt: string;
  updatedAt: string;
  body: string;
  author: ConduitProfile;
}

/** Every error on the Conduit routes: field → messages; `body` when no field is to blame. */
export interface ConduitErrorBody {
  errors: Record<string, string[]>;
}

const UUID_AT_END = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const SLUG_WORDS_MAX = 60;

/**
 * An article's slug: the title's words, lower-cased, without accents, joined by '-' (at most about
 * 60 characters), then the post's id. Only the id is read back, so a slug keeps working after the
 * title changes.
 */
export function articleSlug(title: string, id: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  let cut = Array.from(words).slice(0, SLUG_WORDS_MAX).join('');
  if (cut.length < words.length && cut.includes('-')) cut = cut.slice(0, cut.lastIndexOf('-'));
  cut = cut.replace(/-+$/, '');
  return cut === '' ? id : `${cut}-${id}`;
}

/** The post id a slug ends with, lower-cased; undefined when it ends with none. */
export function postIdOfSlug(slug: string): string | undefined {
  return UUID_AT_END.exec(slug)?.[1]?.toLowerCase();
}
