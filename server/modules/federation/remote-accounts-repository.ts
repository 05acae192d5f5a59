import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { DuplicateKey } from '../../lib/constraint-violations';
import { inTransaction } from '../../db/transaction';
import { uuidv7 } from '../../lib/ids';

/** A remote actor as its document describes it, when it writes here. */
export interface RemoteActorFacts {
  actorId: string;
  /** `@user@host`. */
  handle: string;
  name: string | null;
  profileUrl: string | null;
  pictureUrl: string | null;
  inbox: string;
  sharedInbox: string | null;
}

/** The account row standing for a remote actor. */
export interface RemoteAccount extends RemoteActorFacts {
  userId: string;
  /** What the account's `username` holds: `@user@host`, clipped to the column. */
  username: string;
}

/** A remote comment's Note, and who wrote it. */
export interface RemoteNote {
  commentId: string;
  postId: string;
  authorId: string;
}

/** users.username is varchar(64). */
const USERNAME_COLUMN = 64;

/**
 * The only place that reads and writes federation_remote_accounts and federation_comments
 * (decision 0084). A remote actor who writes here is an account row with no password, no handle,
 * no name key and an address that takes no mail, which nobody can sign in as: the way Mastodon keeps
 * a remote account, so that comments, notifications, blocks, holds and reports need nothing new.
 */
export class RemoteAccountsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** The account for a remote actor, made on its first activity, its facts refreshed after. */
  async upsert(facts: RemoteActorFacts, now: string): Promise<RemoteAccount> {
    const username = facts.handle.slice(0, USERNAME_COLUMN);
    const values = {
      handle: facts.handle,
      name: facts.name,
      profile_url: facts.profileUrl,
      picture_url: facts.pictureUrl,
      inbox: facts.inbox,
      shared_inbox: facts.sharedInbox,
      updated_at: now,
    };
    const existing = await this.findByActor(facts.actorId);
    if (existing) {
      await inTransaction(this.db, async (trx) => {
        await trx
          .updateTable('federation_remote_accounts')
          .set(values)
          .where('user_id', '=', existing.userId)
          .execute();
        await trx
          .updateTable('users')
          .set({ username, image: facts.pictureUrl, updated_at: now })
          .where('id', '=', existing.userId)
          .execute();
      });
      return { ...facts, userId: existing.userId, username };
    }
    const userId = uuidv7();
    const email = `remote-${userId}@invalid`;
    try {
      await inTransaction(this.db, async (trx) => {
        await trx
          .insertInto('users')
          .values({
            id: userId,
            username,
            // Not addressable by name or handle, and no password: nobody signs in as it.
            username_key: null,
            email,
            email_key: email,
            password_hash: null,
            image: facts.pictureUrl,
            bio: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto('federation_remote_accounts')
          .values({ user_id: userId, actor_id: facts.actorId, ...values, created_at: now })
          .execute();
      });
    } catch (error) {
      // Two activities of a new actor at once: the other made it.
      const made = error instanceof DuplicateKey ? await this.findByActor(facts.actorId) : undefined;
      if (made) return made;
      throw error;
    }
    return { ...facts, userId, username };
  }

  async findByActor(actorId: string): Promise<RemoteAccount | undefined> {
    const row = await this.select().where('remote.actor_id', '=', actorId).executeTakeFirst();
    return row && toAccount(row);
  }

  async findByUser(userId: string): Promise<RemoteAccount | undefined> {
    const row = await this.select().where('remote.user_id', '=', userId).executeTakeFirst();
    return row && toAccount(row);
  }

  private select() {
    return this.db
      .selectFrom('federation_remote_accounts as remote')
      .innerJoin('users', 'users.id', 'remote.user_id')
      .select([
        'remote.user_id',
        'remote.actor_id',
        'remote.handle',
        'remote.name',
        'remote.profile_url',
        'remote.picture_url',
        'remote.inbox',
        'remote.shared_inbox',
        'users.username',
      ]);
  }

  /** The comment a remote Note became, by the Note's id. */
  async noteComment(noteId: string): Promise<RemoteNote | undefined> {
    const row = await this.db
      .selectFrom('federation_comments as note')
      .innerJoin('comments', 'comments.id', 'note.comment_id')
      .select(['comments.id', 'comments.post_id', 'comments.author_id'])
      .where('note.note_id', '=', noteId)
      .executeTakeFirst();
    return row && { commentId: row.id, postId: row.post_id, authorId: row.author_id };
  }

  /** The post a comment is under, if it exists and is not deleted. */
  async postOfComment(commentId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('comments')
      .select('post_id')
      .where('id', '=', commentId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row?.post_id;
  }

  /**
   * A remote comment a reply answers: its Note, its author's account, and the post's author (who
   * alone answers back to the social web). undefined for a comment written here.
   */
  async replyContext(
    commentId: string,
  ): Promise<{ noteId: string; account: RemoteAccount; postAuthorId: string } | undefined> {
    const row = await this.select()
      .innerJoin('comments', 'comments.author_id', 'remote.user_id')
      .innerJoin('federation_comments as note', 'note.comment_id', 'comments.id')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(['note.note_id', 'posts.author_id as post_author_id'])
      .where('comments.id', '=', commentId)
      .executeTakeFirst();
    return row && { noteId: row.note_id, account: toAccount(row), postAuthorId: row.post_author_id };
  }

  /** The Note a remote comment came as; undefined for a comment written here. */
  async noteOf(commentId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('federation_comments')
      .select('note_id')
      .where('comment_id', '=', commentId)
      .executeTakeFirst();
    return row?.note_id;
  }

  /** Records the Note a comment came as; false when that Note already became a comment. */
  async saveNote(commentId: string, noteId: string, noteUrl: string | null, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('federation_comments')
      .values({ comment_id: commentId, note_id: noteId, note_url: noteUrl, created_at: now })
      .onConflict((conflict) => conflict.column('note_id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  /** Every comment an account wrote that is not deleted yet, newest first (replies before theirs). */
  async commentsBy(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('comments')
      .select('id')
      .where('author_id', '=', userId)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => row.id);
  }
}

function toAccount(row: {
  user_id: string;
  actor_id: string;
  handle: string;
  name: string | null;
  profile_url: string | null;
  picture_url: string | null;
  inbox: string;
  shared_inbox: string | null;
  username: string;
}): RemoteAccount {
  return {
    userId: row.user_id,
    actorId: row.actor_id,
    handle: row.handle,
    name: row.name,
    profileUrl: row.profile_url,
    pictureUrl: row.picture_url,
    inbox: row.inbox,
    sharedInbox: row.shared_inbox,
    username: row.username,
  };
}
