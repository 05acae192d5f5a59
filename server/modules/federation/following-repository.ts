import type { Kysely } from 'kysely';
import type { RemoteActorSummary, SocialFollowing } from '../../../contracts/social-web';
import type { DatabaseSchema } from '../../db/schema';

export interface FollowingRow {
  userId: string;
  actor: string;
  inbox: string;
  followId: string;
  state: 'accepted' | 'pending';
}

/**
 * The only place that reads and writes federation_following (decision 0090): whom readers here
 * follow on the social web, pending until the remote Accept.
 */
export class FollowingRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Adds a pending follow; a follow already there is a DuplicateKey (the primary key's). */
  async add(row: Omit<FollowingRow, 'state'>, now: string): Promise<void> {
    await this.db
      .insertInto('federation_following')
      .values({
        user_id: row.userId,
        actor: row.actor,
        inbox: row.inbox,
        follow_id: row.followId,
        state: 'pending',
        created_at: now,
        updated_at: now,
      })
      .execute();
  }

  async find(userId: string, actor: string): Promise<FollowingRow | undefined> {
    const row = await this.db
      .selectFrom('federation_following')
      .select(['user_id', 'actor', 'inbox', 'follow_id', 'state'])
      .where('user_id', '=', userId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return row && toRow(row);
  }

  /** Answers whether it was there. */
  async remove(userId: string, actor: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_following')
      .where('user_id', '=', userId)
      .where('actor', '=', actor)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * The remote Accept or Reject of one of our Follows: found by the Follow's id and the actor it
   * went to (nobody else may answer it). Accept makes it accepted; Reject removes it. Answers
   * whether there was such a follow.
   */
  async answer(actor: string, followId: string, answer: 'accept' | 'reject', now: string): Promise<boolean> {
    if (answer === 'reject') {
      const result = await this.db
        .deleteFrom('federation_following')
        .where('actor', '=', actor)
        .where('follow_id', '=', followId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    }
    const result = await this.db
      .updateTable('federation_following')
      .set({ state: 'accepted', updated_at: now })
      .where('actor', '=', actor)
      .where('follow_id', '=', followId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Whether any reader here follows the actor, accepted: only then is what it posts kept. */
  async anyAccepted(actor: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('federation_following')
      .select('user_id')
      .where('actor', '=', actor)
      .where('state', '=', 'accepted')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether anyone here follows the actor at all, pending or accepted. */
  async anyFollows(actor: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('federation_following')
      .select('user_id')
      .where('actor', '=', actor)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The actor is gone (its Delete): nobody follows it any more. */
  async removeActor(actor: string): Promise<void> {
    await this.db.deleteFrom('federation_following').where('actor', '=', actor).execute();
  }

  /** How many accounts the reader follows there, accepted: their actor's `following` counts them. */
  async countAccepted(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('federation_following')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('user_id', '=', userId)
      .where('state', '=', 'accepted')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Whom the reader follows there (or that one account), newest first, as their servers last showed them. */
  async list(userId: string, onlyActor?: string): Promise<SocialFollowing[]> {
    const rows = await this.db
      .selectFrom('federation_following as f')
      .leftJoin('federation_remote_accounts as a', 'a.actor_id', 'f.actor')
      .select(['f.actor', 'f.state', 'f.created_at', 'a.handle', 'a.name', 'a.picture_url', 'a.profile_url'])
      .where('f.user_id', '=', userId)
      .$if(onlyActor !== undefined, (query) => query.where('f.actor', '=', onlyActor ?? ''))
      .orderBy('f.created_at', 'desc')
      .orderBy('f.actor', 'desc')
      .execute();
    return rows.map((row) => ({
      ...summaryOf(row),
      state: row.state,
      since: row.created_at,
    }));
  }
}

/** A remote actor as the lists show it, from its federation_remote_accounts row (if any). */
export function summaryOf(row: {
  actor: string;
  handle: string | null;
  name: string | null;
  picture_url: string | null;
  profile_url: string | null;
}): RemoteActorSummary {
  return {
    actor: row.actor,
    handle: row.handle,
    name: row.name,
    pictureUrl: row.picture_url,
    profileUrl: row.profile_url,
  };
}

function toRow(row: {
  user_id: string;
  actor: string;
  inbox: string;
  follow_id: string;
  state: 'accepted' | 'pending';
}): FollowingRow {
  return {
    userId: row.user_id,
    actor: row.actor,
    inbox: row.inbox,
    followId: row.follow_id,
    state: row.state,
  };
}
