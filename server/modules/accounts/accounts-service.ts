import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_LINK_TTL_MINUTES,
  EMAIL_CHANGE_SENT_MESSAGE,
  EMAIL_CONFIRMED_MESSAGE,
  EMAIL_RESTORED_MESSAGE,
  INVALID_LINK_MESSAGE,
  PASSWORD_RESTORED_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  SAME_EMAIL_MESSAGE,
  SIGNED_OUT_EVERYWHERE_MESSAGE,
  UNDO_LINK_TTL_DAYS,
  WRONG_CURRENT_PASSWORD_MESSAGE,
  emailKey,
  isRecentSignIn,
  type ConfirmEmailInput,
  type DeleteAccountInput,
  type EmailChangeInput,
  type ForgotPasswordInput,
  type MessageResponse,
  type ResetPasswordInput,
  type UndoChangeInput,
} from '../../../contracts/auth';
import { DuplicateKey } from '../../lib/constraint-violations';
import { nowIso } from '../../lib/clock';
import type { Viewer } from './authenticator';
import { badRequest, conflict, unauthorized } from '../../lib/http-errors';
import type { Mailer, MailMessage } from '../../lib/mail';
import type { PasswordHasher } from '../../lib/passwords';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { keptTokenHash, type TokenService } from '../../lib/tokens';
import { mediaKey } from '../media/media-service';
import type { MediaStorage } from '../media/media-storage';
import type { UsersRepository } from '../users/users-repository';
import { EMAIL_TAKEN_MESSAGE, spend } from '../users/users-service';
import type { AccountsRepository, NewUndoLink, RemovedPicture } from './accounts-repository';
import {
  confirmEmailMessage,
  emailChangedMessage,
  passwordChangedMessage,
  resetPasswordMessage,
} from './account-emails';

export const TOO_MANY_ACCOUNT_EMAILS_MESSAGE = 'Too many emails asked for. Please try again later.';
export const TOO_MANY_PASSWORD_CHECKS_MESSAGE = 'Too many attempts. Please try again later.';
export const EMAIL_TAKEN_SINCE_MESSAGE =
  'Another account has started using this address since the link was sent';
export const PREVIOUS_EMAIL_TAKEN_MESSAGE =
  'Another account uses your previous address by now, so it cannot be put back. Sign in and change your password instead.';

const LINK_TTL_MS = ACCOUNT_LINK_TTL_MINUTES * 60_000;
const UNDO_TTL_MS = UNDO_LINK_TTL_DAYS * 24 * 60 * 60_000;

/** 32 random bytes for the link, and the SHA-256 the database keeps instead. */
function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The undo link for a change's notice: its token for the mail, and the row to store with the change. */
function newUndoLink(): { token: string; row: NewUndoLink } {
  const { token, tokenHash } = newLinkToken();
  const now = Date.now();
  return {
    token,
    row: {
      tokenHash,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + UNDO_TTL_MS).toISOString(),
    },
  };
}

export interface AccountsServiceDeps {
  accounts: AccountsRepository;
  users: UsersRepository;
  passwords: PasswordHasher;
  /** Issues the fresh token a browser confirming its own email change keeps. */
  tokens: TokenService;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Emails asked for (per address and per client address); password checks, under the changes' rule. */
  limiters: RateLimiters<'accountEmails' | 'passwordChangesPerUser'>;
  /** Where uploaded pictures' files are: a deleted account's go with it. */
  mediaStorage: MediaStorage;
}

/**
 * Recovering and controlling an account (docs/decisions/0031-account-recovery.md): password
 * reset and email change by single-use emailed links, signing out everywhere, deleting the
 * account. Requests by address answer the same whether or not an account uses it.
 */
export class AccountsService {
  private readonly emailsByAddress: RateLimiter;
  private readonly emailsByIp: RateLimiter;
  private readonly passwordChecksByUser: RateLimiter;

  constructor(private readonly deps: AccountsServiceDeps) {
    const { limiters } = deps;
    this.emailsByAddress = limiters.limiter('accountEmails', 'address');
    this.emailsByIp = limiters.limiter('accountEmails', 'client');
    this.passwordChecksByUser = limiters.limiter('passwordChangesPerUser', 'check');
  }

  async requestPasswordReset(input: ForgotPasswordInput, ip: string): Promise<MessageResponse> {
    const key = emailKey(input.email);
    // Counted for every address alike, registered or not, so the limit reveals nothing either.
    await spend(this.emailsByIp, ip, TOO_MANY_ACCOUNT_EMAILS_MESSAGE);
    await spend(this.emailsByAddress, key, TOO_MANY_ACCOUNT_EMAILS_MESSAGE);
    const user = await this.deps.users.findByEmailKey(key);
    // Accounts without a password (the demo author, former members) cannot sign in at all.
    if (user && user.password_hash !== null) {
      const { token, tokenHash } = newLinkToken();
      const now = Date.now();
      await this.deps.accounts.insertLink({
        tokenHash,
        userId: user.id,
        purpose: 'password-reset',
        newEmail: null,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + LINK_TTL_MS).toISOString(),
      });
      this.sendLater(resetPasswordMessage(user.email, this.link('/reset-password', token)));
    }
    return { message: RESET_LINK_SENT_MESSAGE };
  }

  async resetPassword(input: ResetPasswordInput): Promise<MessageResponse> {
    const tokenHash = hashLinkToken(input.token);
    // Checked before hashing, so made-up tokens cost no argon2 time.
    if (!(await this.deps.accounts.findUsableLink(tokenHash, 'password-reset', nowIso()))) {
      throw badRequest(INVALID_LINK_MESSAGE);
    }
    const passwordHash = await this.deps.passwords.hash(input.password);
    const undo = newUndoLink();
    const changed = await this.deps.accounts.resetPassword(tokenHash, passwordHash, undo.row, nowIso());
    if (!changed) throw badRequest(INVALID_LINK_MESSAGE);
    this.sendLater(passwordChangedMessage(changed.email, this.link('/undo-change', undo.token)));
    return { message: PASSWORD_RESET_MESSAGE };
  }

  /**
   * A new password for a signed-in account (PUT /api/user/userupdate), once the users service has
   * decided it may change: every session and every emailed link ends, and the account's address
   * gets a notice whose link puts the previous password back. Answers the new token version.
   */
  async changePassword(userId: string, passwordHash: string): Promise<number> {
    const undo = newUndoLink();
    const changed = await this.deps.accounts.changePassword(userId, passwordHash, undo.row, nowIso());
    if (!changed) throw unauthorized();
    this.sendLater(passwordChangedMessage(changed.email, this.link('/undo-change', undo.token)));
    return changed.tokenVersion;
  }

  /** The link in a change's notice: puts the previous password or address back. */
  async undoChange(input: UndoChangeInput): Promise<MessageResponse> {
    let undone;
    try {
      undone = await this.deps.accounts.undoChange(hashLinkToken(input.token), emailKey, nowIso());
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(PREVIOUS_EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    if (!undone) throw badRequest(INVALID_LINK_MESSAGE);
    return { message: undone === 'email' ? EMAIL_RESTORED_MESSAGE : PASSWORD_RESTORED_MESSAGE };
  }

  async requestEmailChange(viewer: Viewer, input: EmailChangeInput, ip: string): Promise<MessageResponse> {
    const user = await this.checkPassword(viewer, input.currentPassword, 'currentPassword');
    const key = emailKey(input.email);
    if (key === user.email_key) throw badRequest(SAME_EMAIL_MESSAGE, { email: [SAME_EMAIL_MESSAGE] });
    await spend(this.emailsByIp, ip, TOO_MANY_ACCOUNT_EMAILS_MESSAGE);
    await spend(this.emailsByAddress, key, TOO_MANY_ACCOUNT_EMAILS_MESSAGE);
    // An address another account uses gets no link, and the answer is the same: this form must
    // not tell anyone which addresses are registered.
    if (!(await this.deps.users.findByEmailKey(key))) {
      const { token, tokenHash } = newLinkToken();
      const now = Date.now();
      await this.deps.accounts.insertLink({
        tokenHash,
        userId: user.id,
        purpose: 'email-change',
        newEmail: input.email.trim(),
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + LINK_TTL_MS).toISOString(),
      });
      this.sendLater(confirmEmailMessage(input.email.trim(), this.link('/confirm-email', token)));
    }
    return { message: EMAIL_CHANGE_SENT_MESSAGE };
  }

  /**
   * Confirming ends every session; `viewer` is who the request's own sign-in is, if any: the
   * account's own browser gets a fresh token, so only the others are signed out.
   */
  async confirmEmail(
    input: ConfirmEmailInput,
    viewer: Viewer | null,
  ): Promise<MessageResponse & { email: string; jwt?: string }> {
    const undo = newUndoLink();
    let confirmed;
    try {
      confirmed = await this.deps.accounts.confirmEmail(
        hashLinkToken(input.token),
        emailKey,
        undo.row,
        nowIso(),
      );
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(EMAIL_TAKEN_SINCE_MESSAGE);
      throw error;
    }
    if (!confirmed) throw badRequest(INVALID_LINK_MESSAGE);
    this.sendLater(
      emailChangedMessage(confirmed.previousEmail, confirmed.email, this.link('/undo-change', undo.token)),
    );
    const answer = { message: EMAIL_CONFIRMED_MESSAGE, email: confirmed.email };
    if (viewer?.id !== confirmed.userId) return answer;
    const jwt = await this.deps.tokens.issue({
      userId: confirmed.userId,
      version: confirmed.tokenVersion,
      ...(viewer.signedInAt !== undefined ? { signedInAt: viewer.signedInAt } : {}),
    });
    return { ...answer, jwt };
  }

  /**
   * Before an email or password change that needs no link (the RealWorld API's PUT /api/user,
   * decision 59): a sign-in within RECENT_SIGN_IN_MINUTES, as for the specification's password
   * change, or else the current password typed again. `refusal` words the 400 on `currentPassword`.
   */
  async proveIdentity(viewer: Viewer, currentPassword: string | undefined, refusal: string): Promise<void> {
    if (currentPassword !== undefined) {
      await this.checkPassword(viewer, currentPassword, 'currentPassword');
      return;
    }
    if (!isRecentSignIn(viewer.signedInAt, Date.now())) {
      throw badRequest(refusal, { currentPassword: [refusal] });
    }
  }

  /**
   * A new address at once, without a link to it (decision 59, after proveIdentity): every session
   * ends and the previous address gets the notice with its undo link, as after a confirmed change.
   * A 409 when another account uses the address. Answers the new token version.
   */
  async changeEmailNow(viewer: Viewer, email: string): Promise<number> {
    const undo = newUndoLink();
    if (await this.deps.users.findByEmailKey(emailKey(email))) throw conflict(EMAIL_TAKEN_MESSAGE);
    let changed;
    try {
      // The unique index decides if another account took the address since the look-up.
      changed = await this.deps.accounts.changeEmail(viewer.id, email.trim(), emailKey, undo.row, nowIso());
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(EMAIL_TAKEN_MESSAGE);
      throw error;
    }
    if (!changed) throw unauthorized();
    this.sendLater(
      emailChangedMessage(changed.previousEmail, changed.email, this.link('/undo-change', undo.token)),
    );
    return changed.tokenVersion;
  }

  /**
   * Keeps the token that made a change valid through the version it moved on (decision 59): the
   * RealWorld client that made it goes on with its token; every other session has ended.
   */
  async keepSession(viewer: Viewer, token: string): Promise<void> {
    await this.deps.accounts.keepSession(viewer.id, keptTokenHash(token));
  }

  async signOutEverywhere(viewer: Viewer): Promise<MessageResponse> {
    await this.deps.accounts.endAllSessions(viewer.id, nowIso());
    return { message: SIGNED_OUT_EVERYWHERE_MESSAGE };
  }

  async deleteAccount(viewer: Viewer, input: DeleteAccountInput): Promise<MessageResponse> {
    await this.checkPassword(viewer, input.password, 'password');
    const pictures = await this.deps.accounts.deleteAccount(viewer.id, input.content, nowIso());
    await this.removePictureFiles(viewer.id, pictures);
    return { message: ACCOUNT_DELETED_MESSAGE };
  }

  /**
   * Every stored width of the pictures whose rows the deletion removed (no row serves them any
   * more). The account is gone either way: a storage failure is logged for the operator, with the
   * keys to remove by hand, and the request still succeeds.
   */
  private async removePictureFiles(userId: string, pictures: RemovedPicture[]): Promise<void> {
    const keys = pictures.flatMap((picture) =>
      picture.widths.split(' ').map((width) => mediaKey(picture.id, Number(width))),
    );
    if (keys.length === 0) return;
    try {
      await this.deps.mediaStorage.deleteAll(keys);
    } catch (error) {
      this.deps.log.error(
        { err: error, userId, keys },
        "a deleted account's picture files could not be removed from storage",
      );
    }
  }

  /** The viewer's row once `password` is proven theirs; each check counts against a per-account limit. */
  private async checkPassword(viewer: Viewer, password: string, field: string) {
    await spend(this.passwordChecksByUser, viewer.id, TOO_MANY_PASSWORD_CHECKS_MESSAGE);
    const user = await this.deps.users.findById(viewer.id);
    if (!user) throw unauthorized();
    if (!(await this.deps.passwords.verifyCurrent(user.password_hash, password))) {
      throw badRequest(WRONG_CURRENT_PASSWORD_MESSAGE, { [field]: [WRONG_CURRENT_PASSWORD_MESSAGE] });
    }
    return user;
  }

  private link(path: string, token: string): string {
    return `${this.deps.publicUrl}${path}?token=${token}`;
  }

  /**
   * Queued after the answer is decided and not awaited: how long queueing (or SMTP) takes must not
   * tell a caller whether an account uses the address. The queue retries and logs failures.
   */
  private sendLater(message: MailMessage): void {
    this.deps.mailer.send(message).catch((error: unknown) => {
      this.deps.log.error({ err: error, subject: message.subject }, 'an account email could not be sent');
    });
  }
}
