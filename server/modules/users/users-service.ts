import { ACCOUNT_SUSPENDED_MESSAGE } from '../../../contracts/moderation';
import {
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
  USERNAME_TAKEN_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  emailKey,
  isRecentSignIn,
  usernameKey,
  type Account,
  type Profile,
  type SignInInput,
  type SignInResponse,
  type SignUpInput,
  type SignUpResponse,
  type UserUpdateInput,
  type UserUpdateResponse,
} from '../../../contracts/auth';
import {
  HANDLE_TAKEN_MESSAGE,
  handleSchema,
  numberedHandle,
  proposeHandle,
} from '../../../contracts/handles';
import { DuplicateKey } from '../../lib/constraint-violations';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import {
  HttpError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  tooManyRequests,
  unauthorized,
} from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { PasswordHasher } from '../../lib/passwords';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import type { TokenService } from '../../lib/tokens';
import type { ProfileRow, UsersRepository } from './users-repository';
import { mediaCover } from '../../../contracts/media';
import {
  PIN_NOT_PUBLISHED_MESSAGE,
  PIN_EMAIL_ONLY_MESSAGE,
  PIN_NOT_YOURS_MESSAGE,
  readLinks,
  type ProfileLinksInput,
  type ProfilePicture,
} from '../../../contracts/profile';
import type { Post } from '../../../contracts/posts';

/** The posts module's read of one post, as a viewer may see it (404 otherwise). */
export interface PostReader {
  get(id: string, viewer: Viewer | null): Promise<Post>;
}

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Please try again later.';
export const TOO_MANY_SIGN_UPS_MESSAGE = 'Too many sign-ups from this address. Please try again later.';
export const TOO_MANY_PASSWORD_CHANGES_MESSAGE = 'Too many password changes. Please try again later.';

/** A 409 on the username field, so forms can show it next to the name. */
const usernameTaken = () =>
  new HttpError(409, USERNAME_TAKEN_MESSAGE, { username: [USERNAME_TAKEN_MESSAGE] });

/**
 * Sets a new password with everything that goes with it (sessions and emailed links end, the
 * address gets a notice with an undo link): the accounts module's, answering the new token version.
 */
export interface PasswordChanges {
  changePassword(userId: string, passwordHash: string): Promise<number>;
}

/** A post the profile's list may lead with: published, and in lists (an email-only post is in none). */
function pinnable(post: Post): boolean {
  return post.status === 'published' && !post.hidden && post.newsletter !== 'email-only';
}

type ProfileWithoutPin = Omit<Profile, 'pinnedPost'> & { pinnedPostId: string | null };

/** A pinned post that is no longer readable (hidden, its author suspended) is simply not shown. */
function notFoundAsNull(error: unknown): null {
  if (error instanceof HttpError && error.statusCode === 404) return null;
  throw error;
}

/** The row as the API answers it: the picture with its sizes, the links labelled. */
function profileOf(row: ProfileRow): ProfileWithoutPin {
  const { picture, links, ...rest } = row;
  return { ...rest, picture: picture ? pictureOf(picture) : null, links: readLinks(links) };
}

export function pictureOf(media: {
  id: string;
  width: number;
  height: number;
  widths: string;
}): ProfilePicture {
  const { id, url, srcset } = mediaCover(media);
  return { id, url, srcset };
}

/** A 409 on the handle field. */
const handleTaken = () => new HttpError(409, HANDLE_TAKEN_MESSAGE, { handle: [HANDLE_TAKEN_MESSAGE] });

/** Counts one event for key; past the allowance, a 429 that says when to try again. */
export async function spend(limiter: RateLimiter, key: string, message: string): Promise<void> {
  const outcome = await limiter.hit(key);
  if (!outcome.allowed) throw tooManyRequests(message, outcome.retryAfterSeconds);
}

/** Account rules: who may sign up, sign in and change what; rate limits on guessing. */
export class UsersService {
  private readonly signInAttemptsByEmail: RateLimiter;
  private readonly signInAttemptsByIp: RateLimiter;
  private readonly signUpsByIp: RateLimiter;
  private readonly passwordChangesByUser: RateLimiter;

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    private readonly passwords: PasswordHasher,
    private readonly passwordChanges: PasswordChanges,
    limiters: RateLimiters<
      'signInFailuresPerEmail' | 'signInAttemptsPerIp' | 'signUpsPerIp' | 'passwordChangesPerUser'
    >,
    /** The posts module's read of a post: pinned posts are shown and checked through it. */
    private readonly posts: PostReader,
    /** Told of an uploaded picture no profile uses any more, so its files can go (the media module). */
    private readonly replacedPictures?: (mediaId: string) => void,
  ) {
    this.signInAttemptsByEmail = limiters.limiter('signInFailuresPerEmail');
    this.signInAttemptsByIp = limiters.limiter('signInAttemptsPerIp');
    this.signUpsByIp = limiters.limiter('signUpsPerIp');
    this.passwordChangesByUser = limiters.limiter('passwordChangesPerUser');
  }

  async signUp(input: SignUpInput, ip: string): Promise<SignUpResponse> {
    await spend(this.signUpsByIp, ip, TOO_MANY_SIGN_UPS_MESSAGE);
    const key = emailKey(input.email);
    if (await this.users.findByEmailKey(key)) throw conflict(EMAIL_TAKEN_MESSAGE);
    const nameKey = usernameKey(input.username);
    if (await this.users.findByUsernameKey(nameKey)) throw usernameTaken();
    if (input.handle !== undefined && (await this.users.findByHandle(input.handle))) throw handleTaken();
    let handle = input.handle ?? (await this.freeHandle(input.username));
    const now = nowIso();
    const id = uuidv7();
    const passwordHash = await this.passwords.hash(input.password);
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.users.insert({
          id,
          username: input.username,
          handle,
          email: input.email.trim(),
          email_key: key,
          username_key: nameKey,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        });
        break;
      } catch (error) {
        if (!(error instanceof DuplicateKey)) throw error;
        // A handle made from the name, taken by another sign-up between our read and our write:
        // the next free one (PostgreSQL's users_handle, SQLite's users.handle).
        if (input.handle === undefined && /users.handle/.test(error.constraint) && attempt < 5) {
          handle = await this.freeHandle(input.username);
          continue;
        }
        // Two sign-ups with one email or name at the same instant: the unique indexes decide.
        if (await this.users.findByEmailKey(key)) throw conflict(EMAIL_TAKEN_MESSAGE);
        throw (await this.users.findByHandle(handle)) ? handleTaken() : usernameTaken();
      }
    }
    const jwt = await this.tokens.issue({ userId: id, version: 0, signedInAt: Date.now() });
    return { jwt, userId: id, username: input.username, handle };
  }

  async signIn(input: SignInInput, ip: string): Promise<SignInResponse> {
    const key = emailKey(input.email);
    await spend(this.signInAttemptsByIp, ip, TOO_MANY_SIGN_INS_MESSAGE);
    // Counted before the password is checked: guesses sent at the same moment, from however many
    // addresses, are each counted before any is verified, so those past the limit get 429.
    await spend(this.signInAttemptsByEmail, key, TOO_MANY_SIGN_INS_MESSAGE);
    const user = await this.users.findByEmailKey(key);
    // Unknown email and wrong password take the same path and the same time.
    const valid = await this.passwords.verify(user?.password_hash ?? null, input.password);
    if (!user || !valid) throw unauthorized(BAD_CREDENTIALS_MESSAGE);
    // Said only to someone who proved the password: a suspension is no one else's business.
    if (user.suspended_at !== null) throw forbidden(ACCOUNT_SUSPENDED_MESSAGE);
    // The right password clears the count, so only failures add up across attempts.
    await this.signInAttemptsByEmail.reset(key);
    const jwt = await this.tokens.issue({
      userId: user.id,
      version: user.token_version,
      signedInAt: Date.now(),
    });
    return { jwt, username: user.username, id: user.id };
  }

  async update(viewer: Viewer, input: UserUpdateInput): Promise<UserUpdateResponse> {
    // When the person last proved who they are; typing the current password here proves it anew.
    let signedInAt = viewer.signedInAt;
    // Each password change costs an argon2 hash, so they are limited per account.
    if (input.password !== undefined) {
      await spend(this.passwordChangesByUser, viewer.id, TOO_MANY_PASSWORD_CHANGES_MESSAGE);
      // Decided before anything changes: a borrowed signed-in browser cannot lock the owner out.
      const current = await this.users.findById(viewer.id);
      if (!current) throw unauthorized();
      if (input.currentPassword !== undefined) {
        if (!(await this.passwords.verifyCurrent(current.password_hash, input.currentPassword))) {
          throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, {
            currentPassword: [WRONG_CURRENT_PASSWORD_MESSAGE],
          });
        }
        signedInAt = Date.now();
      } else if (!isRecentSignIn(viewer.signedInAt, Date.now())) {
        // Specification §7's call without the current password works only right after signing in.
        throw new HttpError(403, CURRENT_PASSWORD_REQUIRED_MESSAGE, {
          currentPassword: [CURRENT_PASSWORD_REQUIRED_MESSAGE],
        });
      }
    }
    const nameKey = input.username === undefined ? undefined : usernameKey(input.username);
    if (nameKey !== undefined) {
      const holder = await this.users.findByUsernameKey(nameKey);
      // Changing only the case of one's own name is a rename like any other.
      if (holder && holder.id !== viewer.id) throw usernameTaken();
    }
    if (input.handle !== undefined) {
      const holder = await this.users.findByHandle(input.handle);
      if (holder && holder.id !== viewer.id) throw handleTaken();
    }
    if (input.password !== undefined) {
      await this.passwordChanges.changePassword(viewer.id, await this.passwords.hash(input.password));
    }
    // A different address typed in replaces an uploaded picture; the same one sent back keeps it.
    if (input.image !== undefined) {
      const current = await this.users.findById(viewer.id);
      if (current && current.picture_id !== null && current.image !== (input.image || null)) {
        const replaced = await this.users.forgetPicture(viewer.id);
        if (replaced) this.replacedPictures?.(replaced);
      }
    }
    let updated;
    try {
      updated = await this.users.update(viewer.id, {
        updatedAt: nowIso(),
        ...(input.username !== undefined ? { username: input.username, usernameKey: nameKey } : {}),
        ...(input.handle !== undefined ? { handle: input.handle } : {}),
        // An empty bio or picture clears it.
        ...(input.bio !== undefined ? { bio: input.bio || null } : {}),
        ...(input.image !== undefined ? { image: input.image || null } : {}),
      });
    } catch (error) {
      // Someone took the name or handle between the check and the write: the unique index decides.
      if (error instanceof DuplicateKey) {
        const holder = input.handle === undefined ? undefined : await this.users.findByHandle(input.handle);
        throw holder && holder.id !== viewer.id ? handleTaken() : usernameTaken();
      }
      throw error;
    }
    if (!updated) throw unauthorized();
    // A password change moved the token version on: this fresh token is the only one still valid.
    // It keeps the sign-in's time, so a rename cannot make an old sign-in look recent.
    const jwt = await this.tokens.issue({
      userId: updated.id,
      version: updated.token_version,
      ...(signedInAt !== undefined ? { signedInAt } : {}),
    });
    return { jwt, username: updated.username, id: updated.id };
  }

  /** The signed-in reader's own account, as the settings page shows it. */
  /** `isOperator` is the moderation service's to say (users-routes adds it). */
  async account(viewer: Viewer): Promise<Omit<Account, 'isOperator'>> {
    const user = await this.users.findById(viewer.id);
    if (!user) throw unauthorized();
    return {
      id: user.id,
      username: user.username,
      handle: user.handle,
      email: user.email,
      bio: user.bio,
      image: user.image,
      picture: await this.users
        .findProfilePicture(user.id)
        .then((found) => (found ? pictureOf(found) : null)),
      links: readLinks(user.links),
    };
  }

  /** The handle proposed for a name: the plain one if free, else the first free numbered one. */
  private async freeHandle(name: string): Promise<string> {
    const base = proposeHandle(name);
    let handle = base;
    for (let n = 2; await this.users.findByHandle(handle); n += 1) handle = numberedHandle(base, n);
    return handle;
  }

  /** The account a username addresses, compared without regard to case; 404 if none. */
  async idOfUsername(username: string): Promise<string> {
    const user = await this.users.findByUsernameKey(usernameKey(username));
    // A suspended account is nobody to address by name.
    if (!user || user.suspended_at !== null) throw notFound(USER_NOT_FOUND_MESSAGE);
    return user.id;
  }

  /** The /@handle page's profile: a handle typed in any case finds it; one nobody holds is a 404. */
  async profileByHandle(typed: string, viewer: Viewer | null): Promise<Profile> {
    const handle = handleSchema.safeParse(typed);
    const user = handle.success ? await this.users.findByHandle(handle.data) : undefined;
    if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
    return this.profile(user.id, viewer);
  }

  async profile(userId: string, viewer: Viewer | null): Promise<Profile> {
    const row = await this.users.findProfile(userId, viewer?.id ?? null);
    if (!row) throw notFound(USER_NOT_FOUND_MESSAGE);
    const { pinnedPostId, ...profile } = profileOf(row);
    // Read as an anonymous reader would see it: a pin that became hidden, or email-only, shows to nobody.
    const pinned =
      pinnedPostId === null ? null : await this.posts.get(pinnedPostId, null).catch(notFoundAsNull);
    return { ...profile, pinnedPost: pinned && pinnable(pinned) ? pinned : null };
  }

  /**
   * Makes an uploaded picture the profile's; `image` becomes its address at `imageUrl`, so Conduit's
   * `image` and every other reader of the address show it. Answers the picture it replaced (or null).
   */
  async usePicture(viewer: Viewer, picture: { id: string; imageUrl: string }): Promise<string | null> {
    return this.users.setPicture(viewer.id, { id: picture.id, url: picture.imageUrl }, nowIso());
  }

  /** No picture at all (neither uploaded nor an address); answers the upload it removed. */
  async removePicture(viewer: Viewer): Promise<string | null> {
    return this.users.setPicture(viewer.id, null, nowIso());
  }

  /**
   * Pins one of the viewer's own published posts (`posts` reads it as the viewer may see it, so
   * someone else's draft stays a 404): 403 for another writer's post, 400 for one not published.
   */
  async pin(viewer: Viewer, postId: string): Promise<Post> {
    const post = await this.posts.get(postId, viewer);
    if (post.authorId !== viewer.id) throw forbidden(PIN_NOT_YOURS_MESSAGE);
    if (post.status !== 'published' || post.hidden) throw badRequest(PIN_NOT_PUBLISHED_MESSAGE);
    if (!pinnable(post)) throw badRequest(PIN_EMAIL_ONLY_MESSAGE);
    await this.users.setPinnedPost(viewer.id, post.id, nowIso());
    return post;
  }

  async unpin(viewer: Viewer): Promise<void> {
    await this.users.setPinnedPost(viewer.id, null, nowIso());
  }

  /** Replaces the website and profiles elsewhere; answers them as the profile shows them. */
  async setLinks(viewer: Viewer, input: ProfileLinksInput) {
    const empty = input.website === '' && input.elsewhere.length === 0;
    const stored = empty ? null : JSON.stringify({ website: input.website, elsewhere: input.elsewhere });
    await this.users.setLinks(viewer.id, stored, nowIso());
    return readLinks(stored);
  }
}
