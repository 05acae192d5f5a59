import type { Kysely } from 'kysely';
import type { Profile } from '../../../contracts/auth';
import type { DatabaseSchema, UsersTable } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import {
  insertPersonalPublication,
  isSlugCollision,
  renamePersonalPublication,
} from '../publications/personal-publication';
import { inTransaction } from '../../db/transaction';
import { authorFollowerCount, authorPostCount } from './author-counts';

export type UserRow = Omit<
  UsersTable,
  | 'token_version'
  | 'suspended_at'
  | 'handle'
  | 'kept_token_hash'
  | 'kept_token_version'
  | 'picture_id'
  | 'links'
  | 'pinned_post_id'
  | 'hold_first_comments'
  | 'close_comments_default'
  | 'approve_followers'
> & {
  token_version: number;
  suspended_at: string | null;
  handle: string | null;
  picture_id: string | null;
  links: string | null;
  pinned_post_id: string | null;
  hold_first_comments: number;
  close_comments_default: number;
  approve_followers: number;
};

/** The profile's own columns: the picture's row comes from the media table. */
export interface ProfileRow extends Omit<Profile, 'picture' | 'links' | 'pinnedPost'> {
  picture: { id: string; width: number; height: number; widths: string } | null;
  links: string | null;
  pinnedPostId: string | null;
}

/** The only place that reads and writes the users table. */
export class UsersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  findByEmailKey(emailKey: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email_key', '=', emailKey).executeTakeFirst();
  }

  /** The account a name addresses (compared by its lower-cased key), for Conduit's profiles. */
  findByUsernameKey(key: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('username_key', '=', key).executeTakeFirst();
  }

  /** The account a handle addresses (handles are stored lowercase). */
  findByHandle(handle: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('handle', '=', handle).executeTakeFirst();
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async findSessionUser(id: string) {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'token_version', 'suspended_at', 'kept_token_hash', 'kept_token_version'])
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        username: row.username,
        tokenVersion: row.token_version,
        suspended: row.suspended_at !== null,
        // Only while the version is still the one it was kept at.
        keptTokenHash: row.kept_token_version === row.token_version ? row.kept_token_hash : null,
      }
    );
  }

  /** The account and its own blog, together or not at all. */
  async insert(
    user: Omit<
      UserRow,
      | 'token_version'
      | 'bio'
      | 'image'
      | 'suspended_at'
      | 'picture_id'
      | 'links'
      | 'pinned_post_id'
      | 'hold_first_comments'
      | 'close_comments_default'
      | 'approve_followers'
    >,
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await inTransaction(this.db, async (trx) => {
          await trx.insertInto('users').values(user).execute();
          await insertPersonalPublication(trx, user);
        });
        return;
      } catch (error) {
        // Another sign-up took the blog's address between our read and our write: pick again.
        if (attempt < 5 && isSlugCollision(error)) continue;
        throw error;
      }
    }
  }

  /** Applies the changes and returns the row as stored afterwards. */
  async update(
    id: string,
    changes: {
      username?: string;
      usernameKey?: string;
      handle?: string;
      bio?: string | null;
      image?: string | null;
      updatedAt: string;
    },
  ): Promise<UserRow | undefined> {
    // A rename also rewrites the search index of the author's posts (a trigger), locking them after
    // the account, and renames the writer's own blog after both: run again, not answered 500, when
    // PostgreSQL breaks a deadlock against it.
    await inTransaction(this.db, async (trx) => {
      const { username } = changes;
      // Read before the write: the own blog follows the name only while it still carries the old one.
      const before =
        username === undefined
          ? undefined
          : await trx.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
      await trx
        .updateTable('users')
        .set({
          updated_at: changes.updatedAt,
          ...(username !== undefined ? { username } : {}),
          ...(changes.usernameKey !== undefined ? { username_key: changes.usernameKey } : {}),
          ...(changes.handle !== undefined ? { handle: changes.handle } : {}),
          ...(changes.bio !== undefined ? { bio: changes.bio } : {}),
          ...(changes.image !== undefined ? { image: changes.image } : {}),
        })
        .where('id', '=', id)
        .execute();
      if (before && username !== undefined && before.username !== username) {
        await renamePersonalPublication(trx, id, before.username, username);
      }
    });
    return this.findById(id);
  }

  /**
   * Sets (or, with null, removes) the uploaded picture; `image` follows it, so every reader of the
   * address (Conduit included) shows the upload. Answers the picture it replaced, for clean-up.
   */
  setPicture(id: string, picture: { id: string; url: string } | null, now: string): Promise<string | null> {
    return this.swapPicture(id, {
      picture_id: picture?.id ?? null,
      image: picture?.url ?? null,
      updated_at: now,
    });
  }

  /** A typed picture address replaces an uploaded picture: answers the one it replaced. */
  forgetPicture(id: string): Promise<string | null> {
    return this.swapPicture(id, { picture_id: null });
  }

  private swapPicture(
    id: string,
    changes: { picture_id: string | null; image?: string | null; updated_at?: string },
  ): Promise<string | null> {
    return inTransaction(this.db, async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select('picture_id')
        .where('id', '=', id)
        .executeTakeFirst();
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
      return before?.picture_id ?? null;
    });
  }

  async findProfilePicture(id: string) {
    const row = await this.db
      .selectFrom('users')
      .innerJoin('media', 'media.id', 'users.picture_id')
      .select(['media.id', 'media.width', 'media.height', 'media.widths'])
      .where('users.id', '=', id)
      .executeTakeFirst();
    return row && { id: row.id, width: Number(row.width), height: Number(row.height), widths: row.widths };
  }

  async setLinks(id: string, links: string | null, now: string): Promise<void> {
    await this.db.updateTable('users').set({ links, updated_at: now }).where('id', '=', id).execute();
  }

  async setPinnedPost(id: string, postId: string | null, now: string): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ pinned_post_id: postId, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  async findProfile(id: string, viewerId: string | null): Promise<ProfileRow | undefined> {
    const row = await this.db
      .selectFrom('users')
      .leftJoin('media', 'media.id', 'users.picture_id')
      .where('users.id', '=', id)
      // A suspended account's profile does not exist for anyone.
      .where('users.suspended_at', 'is', null)
      .select((eb) => [
        'users.id',
        'users.username',
        'users.handle',
        'users.created_at',
        'users.bio',
        'users.image',
        'users.links',
        'users.pinned_post_id',
        'media.id as picture_id',
        'media.width as picture_width',
        'media.height as picture_height',
        'media.widths as picture_widths',
        // Drafts and scheduled posts are not counted: to readers they do not exist yet.
        authorPostCount().as('post_count'),
        authorFollowerCount().as('follower_count'),
        eb
          .selectFrom('follows')
          .whereRef('follows.follower_id', '=', 'users.id')
          .select(countAll().as('n'))
          .as('following_count'),
        eb
          .selectFrom('follows')
          .where('follows.follower_id', '=', viewerId ?? '')
          .whereRef('follows.followee_id', '=', 'users.id')
          .select(countAll().as('n'))
          .as('viewer_follows'),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      username: row.username,
      handle: row.handle,
      createdAt: row.created_at,
      postCount: Number(row.post_count ?? 0),
      followerCount: Number(row.follower_count ?? 0),
      followingCount: Number(row.following_count ?? 0),
      bio: row.bio,
      image: row.image,
      picture:
        row.picture_id && row.picture_widths
          ? {
              id: row.picture_id,
              width: Number(row.picture_width),
              height: Number(row.picture_height),
              widths: row.picture_widths,
            }
          : null,
      links: row.links,
      pinnedPostId: row.pinned_post_id,
      ...(viewerId ? { following: Number(row.viewer_follows ?? 0) > 0 } : {}),
    };
  }
}
