import { sql, type Kysely, type Transaction } from 'kysely';
import { FORMER_MEMBER_NAME } from '../../../contracts/auth';
import { removeApiKeysOf } from '../api-keys/api-keys-repository';
import { removeMailOf } from '../mail-outbox/mail-outbox-repository';
import { removeNewsletterDataOf } from '../newsletters/subscribers-repository';
import { releasePublicationsOf } from '../publications/account-departure';
import { removeStatsOf } from '../stats/stats-repository';
import { removeWebhooksOf } from '../webhooks/webhooks-repository';
import type { AccountTokensTable, DatabaseSchema } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

export type LinkPurpose = AccountTokensTable['purpose'];

/** A picture whose row an account's deletion removed: its files are to go once that commits. */
export interface RemovedPicture {
  id: string;
  /** The stored widths, ascending, joined by spaces (media.widths). */
  widths: string;
}

/** The address a deleted account that kept its writing is left with: unique, and never deliverable. */
export const formerMemberEmail = (userId: string) => `deleted-${userId}@invalid`;

/** A link to store: only its token's hash. */
export interface NewLink {
  tokenHash: string;
  userId: string;
  purpose: LinkPurpose;
  /** The address the link puts on the account (email change, undo of one). */
  newEmail: string | null;
  /** The password hash an undo link puts back. */
  restoresPasswordHash?: string | null;
  createdAt: string;
  expiresAt: string;
}

/** An undo link to store with a change, whose user and restored value the change supplies. */
export type NewUndoLink = Pick<NewLink, 'tokenHash' | 'createdAt' | 'expiresAt'>;

async function insertLink(db: Kysely<DatabaseSchema>, link: NewLink): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: link.tokenHash,
      user_id: link.userId,
      purpose: link.purpose,
      new_email: link.newEmail,
      restores_password_hash: link.restoresPasswordHash ?? null,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
      used_at: null,
    })
    .execute();
}

/**
 * Ends every outstanding password-reset and email-change link of the account: after its password
 * or address changed, a link mailed before must not change them again (whoever reads the old
 * mailbox could otherwise take the account back). Undo links stay: they are the owner's way back.
 */
async function retireLinks(trx: Transaction<DatabaseSchema>, userId: string, now: string): Promise<void> {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', ['password-reset', 'email-change'])
    .where('used_at', 'is', null)
    .execute();
}

/** What an undo link put back, for the answer's words. */
export type UndoneChange = 'password' | 'email';

/** Emailed links and the account-wide changes they and the settings page make. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insertLink(link: NewLink): Promise<void> {
    await insertLink(this.db, link);
  }

  /** The link, if it is of this purpose, unused and unexpired at `now`. */
  findUsableLink(tokenHash: string, purpose: LinkPurpose, now: string) {
    return this.db
      .selectFrom('account_tokens')
      .select(['user_id', 'new_email'])
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
  }

  /**
   * Marks the link used if it still is usable, in one statement, so of two requests racing with
   * one link exactly one gets it. Undefined: invalid, expired or already used.
   */
  private consumeLink(
    trx: Transaction<DatabaseSchema>,
    tokenHash: string,
    purposes: LinkPurpose[],
    now: string,
  ) {
    return trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', 'in', purposes)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'purpose', 'new_email', 'restores_password_hash'])
      .executeTakeFirst();
  }

  /**
   * Sets a new password, in one transaction with what goes with it: every session ends (the token
   * version moves on), every reset and email-change link ends, and an undo link that puts the
   * previous password back is stored for the notice. Answers the account's address (where the
   * notice goes) and its new token version; undefined if the account is gone.
   */
  private async setPassword(
    trx: Transaction<DatabaseSchema>,
    userId: string,
    passwordHash: string,
    undo: NewUndoLink,
    now: string,
  ): Promise<{ email: string; tokenVersion: number } | undefined> {
    const before = await trx
      .selectFrom('users')
      .select(['email', 'password_hash'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('users')
      .set((eb) => ({
        password_hash: passwordHash,
        token_version: eb('token_version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', userId)
      .returning(['email', 'token_version'])
      .executeTakeFirstOrThrow();
    await retireLinks(trx, userId, now);
    await insertLink(trx, {
      ...undo,
      userId,
      purpose: 'undo-password',
      newEmail: null,
      restoresPasswordHash: before.password_hash,
    });
    return { email: after.email, tokenVersion: after.token_version };
  }

  /** A password change from the settings page (or the spec's account update); see setPassword. */
  changePassword(userId: string, passwordHash: string, undo: NewUndoLink, now: string) {
    return inTransaction(this.db, (trx) => this.setPassword(trx, userId, passwordHash, undo, now));
  }

  /**
   * Uses a reset link: sets the password as changePassword does. Undefined when the link was not
   * usable; otherwise the address the notice goes to.
   */
  resetPassword(tokenHash: string, passwordHash: string, undo: NewUndoLink, now: string) {
    return inTransaction(this.db, async (trx) => {
      const link = await this.consumeLink(trx, tokenHash, ['password-reset'], now);
      if (!link) return undefined;
      return this.setPassword(trx, link.user_id, passwordHash, undo, now);
    });
  }

  /**
   * Uses an email-change link: the account takes the address it confirms, as changeEmail does.
   * Undefined when the link was not usable.
   */
  confirmEmail(tokenHash: string, emailKeyOf: (email: string) => string, undo: NewUndoLink, now: string) {
    return inTransaction(this.db, async (trx) => {
      const link = await this.consumeLink(trx, tokenHash, ['email-change'], now);
      if (!link || link.new_email === null) return undefined;
      return this.setEmail(trx, link.user_id, link.new_email, emailKeyOf, undo, now);
    });
  }

  /** An email change without a link (the RealWorld API's, decision 59); see setEmail. */
  changeEmail(
    userId: string,
    email: string,
    emailKeyOf: (email: string) => string,
    undo: NewUndoLink,
    now: string,
  ) {
    return inTransaction(this.db, (trx) => this.setEmail(trx, userId, email, emailKeyOf, undo, now));
  }

  /**
   * The account takes a new address, in one transaction with what goes with it: every session
   * ends, every reset and email-change link ends, and an undo link that puts the previous address
   * back is stored for the notice to it. Undefined if the account is gone; the unique index on
   * email_key throws if another account uses the address.
   */
  private async setEmail(
    trx: Transaction<DatabaseSchema>,
    userId: string,
    email: string,
    emailKeyOf: (email: string) => string,
    undo: NewUndoLink,
    now: string,
  ) {
    const before = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    if (!before) return undefined;
    const after = await trx
      .updateTable('users')
      .set((eb) => ({
        email,
        email_key: emailKeyOf(email),
        token_version: eb('token_version', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    await retireLinks(trx, userId, now);
    await insertLink(trx, { ...undo, userId, purpose: 'undo-email', newEmail: before.email });
    return { userId, email, previousEmail: before.email, tokenVersion: after.token_version };
  }

  /**
   * Uses the link in a change's notice: puts the previous password or address back, ends every
   * session and every reset and email-change link (whoever made the change may have asked for
   * more). Undefined when the link was not usable; the unique index on email_key throws if
   * another account uses the previous address by now.
   */
  undoChange(tokenHash: string, emailKeyOf: (email: string) => string, now: string) {
    return inTransaction(this.db, async (trx): Promise<UndoneChange | undefined> => {
      const link = await this.consumeLink(trx, tokenHash, ['undo-password', 'undo-email'], now);
      if (!link) return undefined;
      const restored =
        link.purpose === 'undo-email' && link.new_email !== null
          ? { email: link.new_email, email_key: emailKeyOf(link.new_email) }
          : { password_hash: link.restores_password_hash };
      await trx
        .updateTable('users')
        .set((eb) => ({ ...restored, token_version: eb('token_version', '+', 1), updated_at: now }))
        .where('id', '=', link.user_id)
        .execute();
      await retireLinks(trx, link.user_id, now);
      return link.purpose === 'undo-email' ? 'email' : 'password';
    });
  }

  /** Keeps one token valid at the account's present version (decision 59); see users.kept_token_hash. */
  async keepSession(userId: string, tokenHash: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ kept_token_hash: tokenHash, kept_token_version: eb.ref('token_version') }))
      .where('id', '=', userId)
      .execute();
  }

  async endAllSessions(userId: string, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', userId)
      .execute();
  }

  /**
   * Deletes the account and, with `content: 'delete'`, its posts and comments; with `keep`, the
   * user row stays as an anonymous "former member" that cannot sign in, so the posts and comments
   * keep an author and nothing points nowhere. Either way everything else of the person goes:
   * credentials (sessions, emailed links, API keys), webhooks and their queued deliveries, its
   * unsent account emails, their own blog's newsletter list and their own subscriptions, favorites, follows both ways, followed topics, blocks, reports,
   * notifications, mentions, memberships and invitations, its stats (decision 67); with `delete`, its pictures too.
   *
   * Answers the pictures whose rows went, for the caller to remove their files once this has
   * committed: files go after rows, so a picture is never listed without its files.
   */
  deleteAccount(userId: string, content: 'delete' | 'keep', now: string): Promise<RemovedPicture[]> {
    return inTransaction(this.db, async (trx) => {
      await releasePublicationsOf(trx, userId, content);
      // Not left to the user row's cascade: with `keep` that row stays, and these must not.
      await removeApiKeysOf(trx, userId);
      await removeWebhooksOf(trx, userId);
      // The list of their own blog (kept for its posts with `keep`) and their own subscriptions.
      await removeNewsletterDataOf(trx, userId);
      // Before the account's email and links change or go: they name the addresses to forget.
      await removeMailOf(trx, userId);
      // Stats rows have no foreign key (a post's deletion never waits on them): removed by name.
      await removeStatsOf(trx, userId, content);
      if (content === 'delete') {
        const pictures = await trx
          .selectFrom('media')
          .select(['id', 'widths'])
          .where('owner_id', '=', userId)
          .execute();
        await this.lowerTagCountsForPostsOf(trx, userId);
        // Deleted one by one by the database (not left to the user's cascade), so the search
        // index's delete trigger runs for each post on SQLite.
        await trx.deleteFrom('posts').where('author_id', '=', userId).execute();
        // Media, and every other row naming the user, go with it (foreign keys, on delete cascade).
        await trx.deleteFrom('users').where('id', '=', userId).execute();
        return pictures;
      }
      await this.removePersonalTraces(trx, userId);
      const email = formerMemberEmail(userId);
      await trx
        .updateTable('users')
        .set((eb) => ({
          username: FORMER_MEMBER_NAME,
          // Every former member shares that name, so none is addressable by it; the bio and
          // picture were the person's and go with them.
          username_key: null,
          // The handle named the person too: posts kept under "former member" must not say who.
          handle: null,
          bio: null,
          image: null,
          email,
          email_key: email,
          password_hash: null,
          token_version: eb('token_version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', userId)
        .execute();
      // Pictures stay with the writing: any post, comment, earlier version or other writer's post
      // may show one, and finding out would mean reading every text inside this transaction.
      return [];
    });
  }

  /**
   * With `keep`: what the user row's cascade would have removed, but for the posts and comments
   * (and the notifications and replies about those comments). Where the schema would set a
   * reference to null on deletion (who resolved a report, picked a post, sent an invitation…),
   * it is set to null here too: only the writing stays signed by the former member.
   */
  private async removePersonalTraces(trx: Transaction<DatabaseSchema>, userId: string): Promise<void> {
    await trx.deleteFrom('account_tokens').where('user_id', '=', userId).execute();
    await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
    await trx
      .deleteFrom('follows')
      .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
      .execute();
    await trx.deleteFrom('tag_follows').where('user_id', '=', userId).execute();
    // Their own blocks go; other people's blocks of them are those people's and stay, so what
    // they chose not to see stays hidden.
    await trx.deleteFrom('blocks').where('blocker_id', '=', userId).execute();
    await trx.deleteFrom('reports').where('reporter_id', '=', userId).execute();
    await trx.deleteFrom('comment_mentions').where('user_id', '=', userId).execute();
    // Their inbox, and what others were told of a follow or favorite that is gone now.
    await trx
      .deleteFrom('notifications')
      .where((eb) =>
        eb.or([
          eb('recipient_id', '=', userId),
          eb.and([
            eb('actor_id', '=', userId),
            eb('kind', 'in', ['follow', 'favorite', 'invitation', 'coauthor']),
          ]),
        ]),
      )
      .execute();
    // Invitations to co-write, to them or from them, go; a post they co-wrote keeps them in its
    // byline, as their writing keeps their name (decision 85).
    await trx
      .deleteFrom('post_authors')
      .where('state', '!=', 'accepted')
      .where((eb) =>
        eb.or([
          eb('user_id', '=', userId),
          eb(
            'post_id',
            'in',
            eb.selectFrom('posts').select('posts.id').where('posts.author_id', '=', userId),
          ),
        ]),
      )
      .execute();
    await trx
      .updateTable('publication_invitations')
      .set({ invited_by: null })
      .where('invited_by', '=', userId)
      .execute();
    await trx.updateTable('reports').set({ resolved_by: null }).where('resolved_by', '=', userId).execute();
    await trx.updateTable('moderation_log').set({ actor_id: null }).where('actor_id', '=', userId).execute();
    await trx.updateTable('staff_picks').set({ picked_by: null }).where('picked_by', '=', userId).execute();
    await trx.updateTable('testimonials').set({ chosen_by: null }).where('chosen_by', '=', userId).execute();
  }

  /** Each tag's post count loses the user's posts that carry it (see post-tags.ts). */
  private async lowerTagCountsForPostsOf(trx: Transaction<DatabaseSchema>, userId: string): Promise<void> {
    const rows = await trx
      .selectFrom('post_tags')
      .innerJoin('posts', 'posts.id', 'post_tags.post_id')
      .where('posts.author_id', '=', userId)
      .select(['post_tags.tag', sql<number>`cast(count(*) as integer)`.as('n')])
      .groupBy('post_tags.tag')
      .execute();
    for (const { tag, n } of rows) {
      await trx
        .updateTable('tags')
        .set((eb) => ({ post_count: eb('post_count', '-', Number(n)) }))
        .where('name', '=', tag)
        .execute();
    }
  }
}
