import type { Kysely } from 'kysely';
import type { DatabaseSchema, FederationReactionsTable } from '../../db/schema';
import { MissingReference } from '../../lib/constraint-violations';

export type ReactionKind = FederationReactionsTable['kind'];

/** A post's likes and boosts from the social web. */
export interface SocialReactions {
  socialLikes: number;
  socialReposts: number;
}

/** The only place that reads and writes federation_reactions (decision 0084). */
export class ReactionsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** One per actor, post and kind: a Like again only refreshes the id its Undo will name. */
  async add(reaction: {
    postId: string;
    actorId: string;
    kind: ReactionKind;
    activityId: string;
    now: string;
  }): Promise<boolean> {
    try {
      await this.db
        .insertInto('federation_reactions')
        .values({
          post_id: reaction.postId,
          actor_id: reaction.actorId,
          kind: reaction.kind,
          activity_id: reaction.activityId,
          created_at: reaction.now,
        })
        .onConflict((conflict) =>
          conflict.columns(['post_id', 'actor_id', 'kind']).doUpdateSet({ activity_id: reaction.activityId }),
        )
        .execute();
      return true;
    } catch (error) {
      // The post is gone (or never was): nothing to count.
      if (error instanceof MissingReference) return false;
      throw error;
    }
  }

  async remove(postId: string, actorId: string, kind: ReactionKind): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_reactions')
      .where('post_id', '=', postId)
      .where('actor_id', '=', actorId)
      .where('kind', '=', kind)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** The reaction an Undo names by its activity's id alone, only the undoing actor's own. */
  async removeByActivity(actorId: string, activityId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('federation_reactions')
      .where('actor_id', '=', actorId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Everything of one actor (deleted, or its server blocked). */
  async removeActor(actorId: string): Promise<void> {
    await this.db.deleteFrom('federation_reactions').where('actor_id', '=', actorId).execute();
  }

  async countsOf(postId: string): Promise<SocialReactions> {
    const rows = await this.db
      .selectFrom('federation_reactions')
      .select(['kind', (eb) => eb.fn.countAll().as('n')])
      .where('post_id', '=', postId)
      .groupBy('kind')
      .execute();
    const count = (kind: ReactionKind) => Number(rows.find((row) => row.kind === kind)?.n ?? 0);
    return { socialLikes: count('like'), socialReposts: count('announce') };
  }
}
