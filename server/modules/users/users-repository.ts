import type { Kysely } from 'kysely';
import type { Profile } from '../../../contracts/auth';
import type { DatabaseSchema, UsersTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
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
  'token_version' | 'suspended_at' | 'handle' | 'kept_token_hash' | 'kept_token_version'
> & {
  token_version: number;
  suspended_at: string | null;
  handle: string | null;
};

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
  async insert(user: Omit<UserRow, 'token_version' | 'bio' | 'image' | 'suspended_at'>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await inTransaction(this.db, async (trx) => {
          await trx.insertInto('users').values(user).execute();
          await insertPersonalPublication(trx, user);
        });
        return;
      } catch (error) {
        // Another sign-up took the blog's address between our read and our write: pick again.
        if (attempt < 5 && isUniqueViolation(error) && isSlugCollision(error)) continue;
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

  async findProfile(id: string, viewerId: string | null): Promise<Profile | undefined> {
    const row = await this.db
      .selectFrom('users')
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
      ...(viewerId ? { following: Number(row.viewer_follows ?? 0) > 0 } : {}),
    };
  }
}
