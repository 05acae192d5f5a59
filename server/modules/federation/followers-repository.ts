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
}

/** The only place that reads and writes federation_followers: remote actors following local ones. */
export class FollowersRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Adds the follower, or refreshes its row when it follows again (a new Follow id, a moved
   * inbox): a Follow is idempotent, as Mastodon sends it again when it saw no Accept.
   */
  async add(follower: NewFollower): Promise<void> {
    const values = {
      inbox: follower.inbox,
      shared_inbox: follower.sharedInbox,
      follow_id: follower.followId,
      handle: follower.handle,
      name: follower.name,
    };
    await this.db
      .insertInto('federation_followers')
      .values({ actor: follower.actor, follower: follower.follower, ...values, created_at: follower.now })
      .onConflict((conflict) => conflict.columns(['actor', 'follower']).doUpdateSet(values))
      .execute();
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

  async count(actor: string): Promise<number> {
    const row = await this.db
      .selectFrom('federation_followers')
      .select(countAll().as('n'))
      .where('actor', '=', actor)
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
      .execute();
    return rows.map((row) => row.inbox).sort();
  }
}
