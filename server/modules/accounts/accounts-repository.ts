import { sql, type Kysely, type Transaction } from 'kysely';
import { FORMER_MEMBER_NAME } from '../../../contracts/auth';
import { removeApiKeysOf } from '../api-keys/api-keys-repository';
import { removeMailOf } from '../mail-outbox/mail-outbox-repository';
import { releasePublicationsOf } from '../publications/account-departure';
import { removeWebhooksOf } from '../webhooks/webhooks-repository';
import type { AccountTokensTable, DatabaseSchema } from '../../db/schema';

export type LinkPurpose = AccountTokensTable['purpose'];

/** A picture whose row an account's deletion removed: its files are to go once that commits. */
export interface RemovedPicture {
  id: string;
  /** The stored widths, ascending, joined by spaces (media.widths). */
  widths: string;
}

/** The address a deleted account that kept its writing is left with: unique, and never deliverable. */
export const formerMemberEmail = (userId: string) => `deleted-${userId}@invalid`;

/** Emailed links and the account-wide changes they and the settings page make. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insertLink(link: {
    tokenHash: string;
    userId: string;
    purpose: LinkPurpose;
    newEmail: string | null;
    createdAt: string;
    expiresAt: string;
  }): Promise<void> {
    await this.db
      .insertInto('account_tokens')
      .values({
        token_hash: link.tokenHash,
        user_id: link.userId,
        purpose: link.purpose,
        new_email: link.newEmail,
        created_at: link.createdAt,
        expires_at: link.expiresAt,
        used_at: null,
      })
      .execute();
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
    purpose: LinkPurpose,
    now: string,
  ) {
    return trx
      .updateTable('account_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['user_id', 'new_email'])
      .executeTakeFirst();
  }

  /**
   * Uses a reset link: sets the password, bumps the token version (every session ends) and
   * retires the account's other reset links. False when the link was not usable.
   */
  resetPassword(tokenHash: string, passwordHash: string, now: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const link = await this.consumeLink(trx, tokenHash, 'password-reset', now);
      if (!link) return false;
      await trx
        .updateTable('users')
        .set((eb) => ({
          password_hash: passwordHash,
          token_version: eb('token_version', '+', 1),
          updated_at: now,
        }))
        .where('id', '=', link.user_id)
        .execute();
      await trx
        .updateTable('account_tokens')
        .set({ used_at: now })
        .where('user_id', '=', link.user_id)
        .where('purpose', '=', 'password-reset')
        .where('used_at', 'is', null)
        .execute();
      return true;
    });
  }

  /**
   * Uses an email-change link: the account takes the address it confirms. Undefined when the link
   * was not usable; the unique index on email_key throws if another account took the address since.
   */
  confirmEmail(tokenHash: string, emailKeyOf: (email: string) => string, now: string) {
    return this.db.transaction().execute(async (trx) => {
      const link = await this.consumeLink(trx, tokenHash, 'email-change', now);
      if (!link || link.new_email === null) return undefined;
      await trx
        .updateTable('users')
        .set({ email: link.new_email, email_key: emailKeyOf(link.new_email), updated_at: now })
        .where('id', '=', link.user_id)
        .execute();
      return { userId: link.user_id, email: link.new_email };
    });
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
   * unsent account emails, favorites, follows both ways, followed topics, blocks, reports,
   * notifications, mentions, memberships and invitations; with `delete`, its pictures too.
   *
   * Answers the pictures whose rows went, for the caller to remove their files once this has
   * committed: files go after rows, so a picture is never listed without its files.
   */
  deleteAccount(userId: string, content: 'delete' | 'keep', now: string): Promise<RemovedPicture[]> {
    return this.db.transaction().execute(async (trx) => {
      await releasePublicationsOf(trx, userId, content);
      // Not left to the user row's cascade: with `keep` that row stays, and these must not.
      await removeApiKeysOf(trx, userId);
      await removeWebhooksOf(trx, userId);
      // Before the account's email and links change or go: they name the addresses to forget.
      await removeMailOf(trx, userId);
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
          eb.and([eb('actor_id', '=', userId), eb('kind', 'in', ['follow', 'favorite', 'invitation'])]),
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
