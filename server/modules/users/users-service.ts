import type {
  Profile,
  SignInInput,
  SignInResponse,
  SignUpInput,
  SignUpResponse,
  UserUpdateInput,
  UserUpdateResponse,
} from '../../../contracts/auth';
import type { AppConfig } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import { nowIso } from '../../db/sql-helpers';
import type { Viewer } from '../../lib/authenticator';
import { conflict, notFound, tooManyRequests, unauthorized } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { RateLimiter } from '../../lib/rate-limiter';
import type { TokenService } from '../../lib/tokens';
import type { UsersRepository } from './users-repository';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists';
export const BAD_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many sign-in attempts. Please try again later.';
export const TOO_MANY_SIGN_UPS_MESSAGE = 'Too many sign-ups from this address. Please try again later.';

/** Email addresses are compared without regard to case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Account rules: who may sign up, sign in and change what; rate limits on guessing. */
export class UsersService {
  private readonly signInFailuresByEmail: RateLimiter;
  private readonly signInAttemptsByIp: RateLimiter;
  private readonly signUpsByIp: RateLimiter;

  constructor(
    private readonly users: UsersRepository,
    private readonly tokens: TokenService,
    limits: AppConfig['rateLimits'],
  ) {
    this.signInFailuresByEmail = new RateLimiter(limits.signInFailuresPerEmail);
    this.signInAttemptsByIp = new RateLimiter(limits.signInAttemptsPerIp);
    this.signUpsByIp = new RateLimiter(limits.signUpsPerIp);
  }

  async signUp(input: SignUpInput, ip: string): Promise<SignUpResponse> {
    if (!this.signUpsByIp.hit(ip)) throw tooManyRequests(TOO_MANY_SIGN_UPS_MESSAGE);
    const key = emailKey(input.email);
    if (await this.users.findByEmailKey(key)) throw conflict(EMAIL_TAKEN_MESSAGE);
    const now = nowIso();
    const id = uuidv7();
    try {
      await this.users.insert({
        id,
        username: input.username,
        email: input.email.trim(),
        email_key: key,
        password_hash: await hashPassword(input.password),
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two sign-ups with one email at the same instant: the unique index decides.
      if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    const jwt = await this.tokens.issue({ userId: id, version: 0 });
    return { jwt, userId: id, username: input.username };
  }

  async signIn(input: SignInInput, ip: string): Promise<SignInResponse> {
    const key = emailKey(input.email);
    if (!this.signInAttemptsByIp.hit(ip) || this.signInFailuresByEmail.isExhausted(key)) {
      throw tooManyRequests(TOO_MANY_SIGN_INS_MESSAGE);
    }
    const user = await this.users.findByEmailKey(key);
    // Unknown email and wrong password take the same path and the same time.
    const valid = await verifyPassword(user?.password_hash ?? null, input.password);
    if (!user || !valid) {
      this.signInFailuresByEmail.hit(key);
      throw unauthorized(BAD_CREDENTIALS_MESSAGE);
    }
    this.signInFailuresByEmail.reset(key);
    const jwt = await this.tokens.issue({ userId: user.id, version: user.token_version });
    return { jwt, username: user.username, id: user.id };
  }

  async update(viewer: Viewer, input: UserUpdateInput): Promise<UserUpdateResponse> {
    const updated = await this.users.update(viewer.id, {
      updatedAt: nowIso(),
      ...(input.username !== undefined ? { username: input.username } : {}),
      ...(input.password !== undefined ? { passwordHash: await hashPassword(input.password) } : {}),
    });
    if (!updated) throw unauthorized();
    // A password change bumped the token version: this fresh token is the only one still valid.
    const jwt = await this.tokens.issue({ userId: updated.id, version: updated.token_version });
    return { jwt, username: updated.username, id: updated.id };
  }

  async profile(userId: string, viewer: Viewer | null): Promise<Profile> {
    const profile = await this.users.findProfile(userId, viewer?.id ?? null);
    if (!profile) throw notFound('User not found');
    return profile;
  }
}
