import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';

export interface NewFollower {
  actor: string;
  follower: string;
  inbox: string;
  sharedInbox: string | null;
  followId: string;
  handle: string | null;
  name: string | null;
  now: string;
  /** 'pending' for a writer who approves followers by hand (decision 0084). */
  state?: FollowState;
}

export type FollowState = 'accepted' | 'pending';

/** A remote follower or follow request, as the writer's list shows it. */
export interface RemoteFollowerRow {
  follower: string;
  handle: string | null;
  name: string | null;
  state: FollowState;
  followId: string;
  inbox: string;
  createdAt: string;
  /**
   * The account standing for it here (decision 0084), with the picture and profile page its actor
   * last showed; null for a follow older than those accounts.
   */
  account: { userId: string; pictureUrl: string | null; profileUrl: string | null } | null;
}

/** The only place that reads and writes federation_followers: remote actors following local ones. */
export class FollowersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Adds the follower, or refreshes its row when it follows again (a new Follow id, a moved
   * inbox): a Follow is idempotent, as Mastodon sends it again when it saw no Accept.
   */
  async add(follower: NewFollower): Promise<FollowState> {
    const values = {
      inbox: follower.inbox,
      shared_inbox: follower.sharedInbox,
      follow_id: follower.followId,
      handle: follower.handle,
      name: follower.name,
    };
    // A follow already accepted stays accepted when it comes again; a request stays a request.
    const row = await this.db
      .insertInto('federation_followers')
      .values({
        actor: follower.actor,
        follower: follower.follower,
        ...values,
        created_at: follower.now,
        state: follower.state ?? 'accepted',
      })
      .onConflict((conflict) => conflict.columns(['actor', 'follower']).doUpdateSet(values))
      .returning('state')
      .executeTakeFirstOrThrow();
    return row.state;
  }

  /** Whether a remote actor follows (or asked to follow) a local one: undefined when neither. */
  async stateOf(actor: string, follower: string): Promise<FollowState | undefined> {
    const row = await this.db
      .selectFrom('federation_followers')
      .select('state')
      .where('actor', '=', actor)
      .where('follower', '=', follower)
      .executeTakeFirst();
    return row?.state;
  }

  /** The writer approves followers from the social web by hand (decision 0084). */
  async approvesFollowers(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('approve_followers')
      .where('id', '=', userId)
      .executeTakeFirst();
    return Number(row?.approve_followers ?? 0) === 1;
  }

  async setApprovesFollowers(userId: string, on: boolean): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ approve_followers: on ? 1 : 0 })
      .where('id', '=', userId)
      .execute();
  }

  /** An actor's remote followers and requests, requests first, then newest first. */
  async list(actor: string): Promise<RemoteFollowerRow[]> {
    const rows = await this.db
      .selectFrom('federation_followers as follow')
      .leftJoin('federation_remote_accounts as remote', 'remote.actor_id', 'follow.follower')
      .select([
        'follow.follower',
        'follow.handle',
        'follow.name',
        'follow.state',
        'follow.follow_id',
        'follow.inbox',
        'follow.created_at',
        'remote.user_id',
        'remote.picture_url',
        'remote.profile_url',
      ])
      .where('follow.actor', '=', actor)
      .orderBy('follow.state', 'desc')
      .orderBy('follow.created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      follower: row.follower,
      handle: row.handle,
      name: row.name,
      state: row.state,
      followId: row.follow_id,
      inbox: row.inbox,
      createdAt: row.created_at,
      account:
        row.user_id === null
          ? null
          : { userId: row.user_id, pictureUrl: row.picture_url, profileUrl: row.profile_url },
    }));
  }

  /** A request becomes a follow; answers whether there was a request. */
  async accept(actor: string, follower: string): Promise<boolean> {
    const result = await this.db
      .updateTable('federation_followers')
      .set({ state: 'accepted' })
      .where('actor', '=', actor)
      .where('follower', '=', follower)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Removes one follow; answers whether there was one. */
  async remove(actor: string, follower: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_followers')
      .where('actor', '=', actor)
      .where('follower', '=', follower)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Removes every follow of one remote actor (it was deleted, or blocked). */
  async removeFollower(follower: string): Promise<void> {
    await this.db.deleteFrom('federation_followers').where('follower', '=', follower).execute();
  }

  /** The local actor a Follow (by its id) made `follower` follow, if it still does. */
  async actorFollowedBy(follower: string, followId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('federation_followers')
      .select('actor')
      .where('follower', '=', follower)
      .where('follow_id', '=', followId)
      .executeTakeFirst();
    return row?.actor;
  }

  /** Followers only: requests are not followers yet. */
  async count(actor: string): Promise<number> {
    const row = await this.db
      .selectFrom('federation_followers')
      .select(countAll().as('n'))
      .where('actor', '=', actor)
      .where('state', '=', 'accepted')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Where an activity for all of an actor's followers goes: each follower's server's shared inbox
   * once, and the own inbox of a follower whose server has none.
   */
  async inboxesOf(actor: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('federation_followers')
      .select((eb) => eb.fn.coalesce('shared_inbox', 'inbox').as('inbox'))
      .distinct()
      .where('actor', '=', actor)
      // A request not yet accepted gets no posts.
      .where('state', '=', 'accepted')
      .execute();
    return rows.map((row) => row.inbox).sort();
  }
}
