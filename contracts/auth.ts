import { z } from './zod';

/** SPEC §5 and §9: the rules and messages every account form and the server share. */
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

export const usernameSchema = requiredText('Name')
  .trim()
  .min(1, 'Name is required')
  .min(USERNAME_MIN, `Name must be at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `Name must be at most ${USERNAME_MAX} characters`);

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

export const signUpSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** An empty field in the update form means "leave it as it is" (SPEC §5: both optional). */
const blankAsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const NOTHING_TO_UPDATE_MESSAGE = 'Enter a new username or a new password';

export const userUpdateSchema = z
  .object({
    username: z.preprocess(blankAsAbsent, usernameSchema.optional()),
    password: z.preprocess(blankAsAbsent, passwordSchema.optional()),
  })
  .refine((input) => input.username !== undefined || input.password !== undefined, {
    message: NOTHING_TO_UPDATE_MESSAGE,
    path: ['username'],
  });
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;

/** POST /api/user/signup → 201 */
export interface SignUpResponse {
  jwt: string;
  userId: string;
  username: string;
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
  createdAt: string;
  postCount: number;
  followerCount: number;
  followingCount: number;
  /** Present only when the request carries a valid token: does the viewer follow this user? */
  following?: boolean;
}

export interface ProfileResponse {
  response: Profile;
}
