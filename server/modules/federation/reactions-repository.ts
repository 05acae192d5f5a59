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

  /**
   * One per actor, post and kind: a Like again only refreshes the id its Undo will name. Answers
   * 'added' for a new one (its writer is told), 'again' for one counted already, 'missing' when
   * the post is not here.
   */
  async add(reaction: {
    postId: string;
    actorId: string;
    kind: ReactionKind;
    activityId: string;
    now: string;
  }): Promise<'added' | 'again' | 'missing'> {
    const had = await this.db
      .selectFrom('federation_reactions')
      .select('activity_id')
      .where('post_id', '=', reaction.postId)
      .where('actor_id', '=', reaction.actorId)
      .where('kind', '=', reaction.kind)
      .executeTakeFirst();
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
      return had ? 'again' : 'added';
    } catch (error) {
      // The post is gone (or never was): nothing to count.
      if (error instanceof MissingReference) return 'missing';
      throw error;
    }
  }

  /** The writer a post's likes and boosts are told to: its author. */
  async postAuthorOf(postId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select('author_id')
      .where('id', '=', postId)
      .executeTakeFirst();
    return row?.author_id;
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

  /**
   * The reaction an Undo names by its activity's id alone, only the undoing actor's own: answers
   * what it was, if there was one.
   */
  async removeByActivity(
    actorId: string,
    activityId: string,
  ): Promise<{ postId: string; kind: ReactionKind } | undefined> {
    const row = await this.db
      .selectFrom('federation_reactions')
      .select(['post_id', 'kind'])
      .where('actor_id', '=', actorId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    if (!row) return undefined;
    const result = await this.db
      .deleteFrom('federation_reactions')
      .where('actor_id', '=', actorId)
      .where('activity_id', '=', activityId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? { postId: row.post_id, kind: row.kind } : undefined;
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
