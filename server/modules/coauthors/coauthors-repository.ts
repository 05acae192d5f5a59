import type { Kysely, Transaction } from 'kysely';
import { usernameKey } from '../../../contracts/auth';
import type { DatabaseSchema, PostAuthorState } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { AUTHOR_PICTURE, toAuthor } from '../users/author-row';
import { takesRowLocks } from '../posts/post-authors';
import type { Author } from '../../../contracts/posts';

/** What the rules need to know of a post: who wrote it first and whether readers see it. */
export interface CoauthoredPost {
  id: string;
  title: string;
  authorId: string;
  publishedAt: string | null;
}

export interface PostAuthorRow {
  writer: Author;
  state: PostAuthorState;
  invitedAt: string;
}

export interface InvitationToMe {
  postId: string;
  title: string;
  publishedAt: string | null;
  author: Author;
  invitedAt: string;
}

/** What an invitation's write found: done, or why not. */
export type InviteOutcome = 'invited' | 'author' | 'invited-already' | 'full';

/** The group key of the bell's line about an invitation to co-write `postId`. */
export const coauthorGroupKey = (postId: string) => `coauthor:${postId}`;

/**
 * The only place that reads and writes post_authors (migration 2026-11-30-0101), save the reads
 * every list of posts makes (posts/post-authors.ts). Writes that count a post's authors run in a
 * transaction holding the post's row (PostgreSQL; SQLite's writers take turns), so two invitations
 * at once cannot make a fifth author.
 */
export class CoauthorsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async findPost(id: string): Promise<CoauthoredPost | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select(['id', 'title', 'author_id', 'published_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, title: row.title, authorId: row.author_id, publishedAt: row.published_at };
  }

  /**
   * The writer `who` names: a handle (`@ada` or `ada`, any case), else a name compared as sign-in
   * compares them. Nobody for a suspended account, a former member or the demo author.
   */
  async findWriter(who: string): Promise<Author | undefined> {
    const typed = who.trim();
    const handle = typed.replace(/^@/, '').normalize('NFKC').toLowerCase();
    const byHandle = await this.writerWhere('handle', handle);
    if (byHandle || typed.startsWith('@')) return byHandle;
    return this.writerWhere('username_key', usernameKey(typed));
  }

  private async writerWhere(column: 'handle' | 'username_key', value: string): Promise<Author | undefined> {
    if (value.length === 0) return undefined;
    const query = this.db
      .selectFrom('users')
      .select(['users.id as author_id', 'users.username', 'users.handle', AUTHOR_PICTURE]);
    const row = await (
      column === 'handle'
        ? query.where('users.handle', '=', value)
        : query.where('users.username_key', '=', value)
    )
      .where('users.suspended_at', 'is', null)
      .where('users.handle', 'is not', null)
      .where('users.password_hash', 'is not', null)
      .executeTakeFirst();
    return row && toAuthor(row);
  }

  async findAuthor(userId: string): Promise<Author | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['users.id as author_id', 'users.username', 'users.handle', AUTHOR_PICTURE])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    return row && toAuthor(row);
  }

  /** The post's rows (accepted first, in byline order; then invitations, oldest first). */
  async rowsOf(postId: string): Promise<PostAuthorRow[]> {
    const rows = await this.db
      .selectFrom('post_authors')
      .innerJoin('users', 'users.id', 'post_authors.user_id')
      .select([
        'post_authors.state',
        'post_authors.invited_at',
        'post_authors.accepted_at',
        'users.id as author_id',
        'users.username',
        'users.handle',
        AUTHOR_PICTURE,
      ])
      .where('post_authors.post_id', '=', postId)
      .where('users.suspended_at', 'is', null)
      .orderBy('post_authors.accepted_at')
      .orderBy('post_authors.invited_at')
      .orderBy('post_authors.user_id')
      .execute();
    const accepted = rows.filter((row) => row.state === 'accepted');
    const others = rows.filter((row) => row.state !== 'accepted');
    return [...accepted, ...others].map((row) => ({
      writer: toAuthor(row),
      state: row.state,
      invitedAt: row.invited_at,
    }));
  }

  /**
   * Invites `userId` (again, after a decline) unless they are an author or invited already, or
   * the post has four authors counting those invited.
   */
  invite(post: CoauthoredPost, userId: string, maxOthers: number, now: string): Promise<InviteOutcome> {
    return inTransaction(this.db, async (trx) => {
      await this.lockPost(trx, post.id);
      if (userId === post.authorId) return 'author';
      const rows = await trx
        .selectFrom('post_authors')
        .select(['user_id', 'state'])
        .where('post_id', '=', post.id)
        .execute();
      const mine = rows.find((row) => row.user_id === userId);
      if (mine?.state === 'accepted') return 'author';
      if (mine?.state === 'pending') return 'invited-already';
      if (rows.filter((row) => row.state !== 'declined').length >= maxOthers) return 'full';
      if (mine) {
        await trx
          .updateTable('post_authors')
          .set({ state: 'pending', invited_at: now, accepted_at: null, answered_at: null })
          .where('post_id', '=', post.id)
          .where('user_id', '=', userId)
          .execute();
      } else {
        await trx
          .insertInto('post_authors')
          .values({ post_id: post.id, user_id: userId, state: 'pending', invited_at: now })
          .execute();
      }
      return 'invited';
    });
  }

  /** The invitations waiting for `userId`'s answer, newest first. */
  async invitationsFor(userId: string): Promise<InvitationToMe[]> {
    const rows = await this.db
      .selectFrom('post_authors')
      .innerJoin('posts', 'posts.id', 'post_authors.post_id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.id as post_id',
        'posts.title',
        'posts.published_at',
        'post_authors.invited_at',
        'users.id as author_id',
        'users.username',
        'users.handle',
        AUTHOR_PICTURE,
      ])
      .where('post_authors.user_id', '=', userId)
      .where('post_authors.state', '=', 'pending')
      .where('users.suspended_at', 'is', null)
      .orderBy('post_authors.invited_at', 'desc')
      .execute();
    return rows.map((row) => ({
      postId: row.post_id,
      title: row.title,
      publishedAt: row.published_at,
      author: toAuthor(row),
      invitedAt: row.invited_at,
    }));
  }

  /**
   * Answers `userId`'s pending invitation; false when there is none. Accepting counts again under
   * the post's lock, so a post never has more than `maxOthers` co-authors. The bell's line about it
   * goes: it is answered.
   */
  answer(
    postId: string,
    userId: string,
    accept: boolean,
    maxOthers: number,
    now: string,
  ): Promise<'answered' | 'none' | 'full'> {
    return inTransaction(this.db, async (trx) => {
      await this.lockPost(trx, postId);
      const row = await trx
        .selectFrom('post_authors')
        .select('state')
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (row?.state !== 'pending') return 'none';
      if (accept) {
        const accepted = await trx
          .selectFrom('post_authors')
          .select('user_id')
          .where('post_id', '=', postId)
          .where('state', '=', 'accepted')
          .execute();
        if (accepted.length >= maxOthers) return 'full';
      }
      await trx
        .updateTable('post_authors')
        .set(
          accept
            ? { state: 'accepted', accepted_at: now, answered_at: now }
            : { state: 'declined', answered_at: now },
        )
        .where('post_id', '=', postId)
        .where('user_id', '=', userId)
        .execute();
      await clearNotice(trx, postId, userId);
      return 'answered';
    });
  }

  /**
   * Takes `userId` off the post (a co-author removed or leaving, an invitation withdrawn), with
   * `onlyState` when only that state may go; false when there was no such row.
   */
  remove(postId: string, userId: string, onlyState?: PostAuthorState): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      let query = trx.deleteFrom('post_authors').where('post_id', '=', postId).where('user_id', '=', userId);
      if (onlyState) query = query.where('state', '=', onlyState);
      const deleted = await query.returning('user_id').executeTakeFirst();
      if (deleted) await clearNotice(trx, postId, userId);
      return deleted !== undefined;
    });
  }

  private async lockPost(trx: Transaction<DatabaseSchema>, postId: string): Promise<void> {
    if (!takesRowLocks(trx)) return;
    await trx.selectFrom('posts').select('id').where('id', '=', postId).forUpdate().execute();
  }
}

/** The invitation's line in the invitee's bell, once it is answered or withdrawn. */
function clearNotice(trx: Transaction<DatabaseSchema>, postId: string, userId: string) {
  return trx
    .deleteFrom('notifications')
    .where('recipient_id', '=', userId)
    .where('group_key', '=', coauthorGroupKey(postId))
    .execute();
}
