import { handleSchema } from './handles';
import { z } from './zod';
import type { Post } from './posts';
import type { ProfileLinks, ProfilePicture } from './profile';

/** Specification §5 and §9: the rules and messages every account form and the server share. */
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 40;
export const PASSWORD_MIN = 6;
/** argon2 hashes any length, but an unbounded password is a cheap way to burn CPU. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const EMAIL_MESSAGE = 'Email address must be a valid address';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_TOO_LONG_MESSAGE = `Email must be at most ${EMAIL_MAX} characters`;

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const USERNAME_TAKEN_MESSAGE = 'This name is already taken';

/**
 * Characters a name may not hold, because they hide what a reader sees: control characters, line
 * and paragraph separators, text-direction controls (U+202E turns "evil" around) and invisible
 * characters (U+200B). Invisible joiners (U+200C, U+200D) and variation selectors stay allowed:
 * Persian, Indic scripts and emoji need them; the key below ignores them instead.
 */
const HIDDEN_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}\p{Default_Ignorable_Code_Point}]/u;
const ALLOWED_INVISIBLE = /^(?:\u200C|\u200D|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}])$/u;
const IGNORED_IN_KEYS = /\p{Default_Ignorable_Code_Point}/gu;

export const NAME_HIDDEN_CHARACTERS_MESSAGE =
  'Name cannot contain invisible or text-direction control characters';

/** True when `text` holds a character names may not (see HIDDEN_CHARACTERS). */
export const hasHiddenCharacters = (text: string) =>
  Array.from(text).some((char) => HIDDEN_CHARACTERS.test(char) && !ALLOWED_INVISIBLE.test(char));

/**
 * The stored, unique form of a username: names are compared by their NFKC case-folded form without
 * invisible characters (Unicode's NFKC_Casefold, which UTS #39 and RFC 8265 use to compare
 * identifiers), so "Ada" and "ada", "café" written with U+00E9 or with "e" and U+0301, and "Ｂｏｂ"
 * and "Bob" cannot be two accounts. Case folding is upper- then lower-casing ("Straße" and
 * "STRASSE" meet). Migration 2026-11-26-0002 recomputes the stored keys with this rule.
 */
export const usernameKey = (username: string) =>
  username.normalize('NFKC').replace(IGNORED_IN_KEYS, '').toUpperCase().toLowerCase().normalize('NFKC');

export const BIO_MAX = 1000;
export const IMAGE_URL_MAX = 2000;
export const IMAGE_URL_MESSAGE = 'Picture must be a web address starting with http:// or https://';

/** A profile's picture: an absolute http(s) address, so no other scheme ever reaches an img tag. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * The stored, unique form of an email: addresses are compared without regard to case. Lower-casing
 * can lengthen text ('İ' becomes two characters), so length limits apply to this form too.
 */
export const emailKey = (email: string) => email.trim().toLowerCase();

function requiredText(label: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
  });
}

export const bioSchema = z
  .string({ error: 'Bio must be text' })
  .trim()
  .max(BIO_MAX, `Bio must be at most ${BIO_MAX} characters`);

export const imageUrlSchema = z
  .string({ error: IMAGE_URL_MESSAGE })
  .trim()
  .max(IMAGE_URL_MAX, `Picture address must be at most ${IMAGE_URL_MAX} characters`)
  .refine((value) => value === '' || isWebAddress(value), IMAGE_URL_MESSAGE);

/** A name as stored: trimmed and in NFC, the composed form every keyboard and font agrees on. */
export const usernameSchema = requiredText('Name')
  .trim()
  .overwrite((name) => name.normalize('NFC'))
  .min(1, 'Name is required')
  .min(USERNAME_MIN, `Name must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Name must be at most ${USERNAME_MAX} characters`)
  .refine((name) => !hasHiddenCharacters(name), NAME_HIDDEN_CHARACTERS_MESSAGE);

export const emailSchema = requiredText('Email')
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, { message: EMAIL_TOO_LONG_MESSAGE, abort: true })
  .refine((email) => emailKey(email).length <= EMAIL_MAX, { message: EMAIL_TOO_LONG_MESSAGE, abort: true })
  .regex(EMAIL_PATTERN, EMAIL_MESSAGE);

export const passwordSchema = requiredText('Password')
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** An empty optional field is no field. */
function blankAsAbsentValue(value: unknown) {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

export const signUpSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  // Not in specification §7's call: without it the server proposes one from the name.
  handle: z.preprocess(blankAsAbsentValue, handleSchema.optional()),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** The settings page's "Profile" section: both sent, '' clearing either (PUT /api/user/userupdate). */
export const profileDetailsSchema = z.object({ bio: bioSchema, image: imageUrlSchema });

/** An empty field in the update form means "leave it as it is" (specification §5: both optional). */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const NOTHING_TO_UPDATE_MESSAGE = 'Enter a new username or a new password';
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct';

/**
 * A sign-in younger than this may change the password without the current one (specification §7's
 * `{username, password}` works right after signing in); an older one must send `currentPassword`.
 * Like GitHub's sudo mode; OWASP ASVS V3.7.1 accepts a fresh session as re-authentication.
 */
export const RECENT_SIGN_IN_MINUTES = 10;
export const CURRENT_PASSWORD_REQUIRED_MESSAGE = `You signed in more than ${RECENT_SIGN_IN_MINUTES} minutes ago: enter your current password to change it`;

/** True when a sign-in at `signedInAt` (ms; undefined: unknown) is recent at `now`. */
export function isRecentSignIn(signedInAt: number | undefined, now: number): boolean {
  return (
    signedInAt !== undefined &&
    signedInAt <= now + 60_000 &&
    now - signedInAt < RECENT_SIGN_IN_MINUTES * 60_000
  );
}

/** The password the account has now, asked before anything that could lock its owner out. */
export const currentPasswordSchema = requiredText('Current password')
  .min(1, 'Current password is required')
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const userUpdateSchema = z
  .object({
    username: z.preprocess(blankAsAbsent, usernameSchema.optional()),
    handle: z.preprocess(blankAsAbsent, handleSchema.optional()),
    password: z.preprocess(blankAsAbsent, passwordSchema.optional()),
    // Needed unless the sign-in is recent (RECENT_SIGN_IN_MINUTES): whoever borrows a browser
    // signed in long ago must not be able to change the password. Only the server knows.
    currentPassword: z.preprocess(blankAsAbsent, currentPasswordSchema.optional()),
    // Unlike the fields above, an empty bio or picture is a choice: it clears them.
    bio: bioSchema.optional(),
    image: imageUrlSchema.optional(),
  })
  .refine(
    (input) =>
      input.username !== undefined ||
      input.handle !== undefined ||
      input.password !== undefined ||
      input.bio !== undefined ||
      input.image !== undefined,
    {
      message: NOTHING_TO_UPDATE_MESSAGE,
      path: ['username'],
    },
  );
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** POST /api/user/signup → 201 */
export interface SignUpResponse {
  jwt: string;
  userId: string;
  username: string;
  /** The handle chosen, or proposed from the name (docs/decisions/0051-handles.md). */
  handle: string;
}

/** POST /api/user/signin → 200 */
export interface SignInResponse {
  jwt: string;
  username: string;
  id: string;
}

/** PUT /api/user/userupdate → 200 */
export interface UserUpdateResponse {
  jwt: string;
  username: string;
  id: string;
}

/** GET /api/user/profile?userId= → 200 {response: Profile} */
export interface Profile {
  id: string;
  username: string;
  /** What mentions and /@handle address them by; null for a former member. */
  handle: string | null;
  createdAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
  /** What the person wrote about themself, and their picture's address; null when not given. */
  bio: string | null;
  image: string | null;
  /** The uploaded picture at every size (decision 0068); null when none was uploaded. */
  picture: ProfilePicture | null;
  /** Their website and profiles elsewhere, shown with rel="me". */
  links: ProfileLinks;
  /** The published post they pinned to the top of their profile; null when none. */
  pinnedPost: Post | null;
  /** Present only when the request carries a valid token: does the viewer follow this user? */
  following?: boolean;
}

export interface ProfileResponse {
  response: Profile;
}

/** GET /api/user/me → 200 {response: Account}: the signed-in reader's own account. */
export interface Account {
  id: string;
  username: string;
  handle: string | null;
  email: string;
  bio: string | null;
  image: string | null;
  picture: ProfilePicture | null;
  links: ProfileLinks;
  /** An operator of the instance: the header then shows an Admin link. */
  isOperator: boolean;
}

/*
 * Account recovery and control (docs/decisions/0031-account-recovery.md). Answers to
 * the address-based requests are the same whether or not an account uses the address.
 */

/** How long a password-reset or email-confirmation link works. */
export const ACCOUNT_LINK_TTL_MINUTES = 60;

export const RESET_LINK_SENT_MESSAGE =
  'If an account uses this address, we have sent it a link to choose a new password. The link works for one hour.';
export const EMAIL_CHANGE_SENT_MESSAGE =
  'We have sent a link to the new address. Your email changes once you open it (within one hour).';
export const INVALID_LINK_MESSAGE = 'This link is invalid, has expired or has already been used.';
export const PASSWORD_RESET_MESSAGE = 'Your password has been changed. Sign in with your new password.';
export const EMAIL_CONFIRMED_MESSAGE = 'Your email address has been changed.';
export const SAME_EMAIL_MESSAGE = 'This is already your email address';
export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';
export const ACCOUNT_DELETED_MESSAGE = 'Your account has been deleted.';

/** How long the link in a change's notice can undo it: the notice may be read days later. */
export const UNDO_LINK_TTL_DAYS = 7;
export const PASSWORD_RESTORED_MESSAGE =
  'Your previous password is back and every device has been signed out. Sign in with your previous password.';
export const EMAIL_RESTORED_MESSAGE =
  'Your previous email address is back and every device has been signed out. Sign in with it.';

/** The token from a link: base64url of 32 random bytes. */
export const linkTokenSchema = requiredText('Token')
  .min(1, INVALID_LINK_MESSAGE)
  .max(100, INVALID_LINK_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, INVALID_LINK_MESSAGE);

/** POST /api/user/password/forgot → 202 {message} */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** POST /api/user/password/reset → 200 {message} */
export const resetPasswordSchema = z.object({ token: linkTokenSchema, password: passwordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/user/email → 202 {message}; the change waits for the link sent to the new address. */
export const emailChangeSchema = z.object({ email: emailSchema, currentPassword: currentPasswordSchema });
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

/**
 * POST /api/user/email/confirm → 200 {message, email, jwt?}. Confirming signs the account out
 * everywhere; a request carrying the account's own sign-in gets a fresh `jwt` for that browser.
 */
export const confirmEmailSchema = z.object({ token: linkTokenSchema });
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

/** POST /api/user/undo → 200 {message}: the link in a password or email change's notice. */
export const undoChangeSchema = z.object({ token: linkTokenSchema });
export type UndoChangeInput = z.infer<typeof undoChangeSchema>;

/**
 * POST /api/user/delete → 200 {message}. `content`: `delete` removes the account's posts and
 * comments; `keep` leaves them, signed by an anonymous "former member".
 */
export const DELETE_CONTENT_CHOICES = ['delete', 'keep'] as const;
export const deleteAccountSchema = z.object({
  password: currentPasswordSchema,
  content: z.enum(DELETE_CONTENT_CHOICES, {
    error: 'Choose whether to delete or keep your posts and comments',
  }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The name shown on what a deleted account chose to leave behind. */
export const FORMER_MEMBER_NAME = 'former member';

export interface MessageResponse {
  message: string;
}
