import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { countAll } from '../../db/sql-helpers';
import { publiclyListed, publiclyVisible } from '../posts/post-visibility';
import { commentShownTo } from '../social/comments/comment-visibility';

/** The figures NodeInfo publishes about this instance. */
export interface InstanceFigures {
  /** Accounts the social web can address: with a handle, not suspended. */
  users: number;
  /** Of those, the writers who published a post in the last 30 and 180 days. */
  activeMonth: number;
  activeHalfyear: number;
  /** Posts readers can see in lists (drafts, scheduled, hidden and email-only posts are not). */
  posts: number;
  /** Comments readers can see: not deleted, not hidden, under a post they can read. */
  comments: number;
}

/** Whose posts an actor's outbox holds: a team's publication, or a writer's own blog. */
export interface OutboxScope {
  publicationId: string;
  /** The writer whose own blog it is; null for a team's publication. */
  personalUserId: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the social web's documents count; everything else they read through other modules' services. */
export class FederationRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async instanceFigures(now: Date): Promise<InstanceFigures> {
    const iso = now.toISOString();
    const users = await this.db
      .selectFrom('users')
      .select(countAll().as('n'))
      .where('handle', 'is not', null)
      .where('suspended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const active = (days: number) =>
      this.db
        .selectFrom('posts')
        .innerJoin('users', 'users.id', 'posts.author_id')
        .select(sql<number>`cast(count(distinct posts.author_id) as integer)`.as('n'))
        // A range of the (published_at, id) index: the window's posts only.
        .where('posts.published_at', '>', new Date(now.getTime() - days * DAY_MS).toISOString())
        .where(publiclyListed('posts', iso))
        .where('users.suspended_at', 'is', null)
        .executeTakeFirstOrThrow();
    const posts = await this.db
      .selectFrom('posts')
      .select(countAll().as('n'))
      .where(publiclyListed('posts', iso))
      .executeTakeFirstOrThrow();
    const comments = await this.db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(countAll().as('n'))
      .where('comments.deleted_at', 'is', null)
      .where(commentShownTo(null))
      .where(publiclyVisible('posts', iso))
      .executeTakeFirstOrThrow();
    return {
      users: Number(users.n),
      activeMonth: Number((await active(30)).n),
      activeHalfyear: Number((await active(180)).n),
      posts: Number(posts.n),
      comments: Number(comments.n),
    };
  }

  /** How many posts an actor's outbox lists: the blog's public, listed posts. */
  async outboxSize(scope: OutboxScope, now: Date): Promise<number> {
    let query = this.db
      .selectFrom('posts')
      .select(countAll().as('n'))
      .where(publiclyListed('posts', now.toISOString()));
    query =
      scope.personalUserId === null
        ? query.where('posts.publication_id', '=', scope.publicationId)
        : query.where('posts.author_id', '=', scope.personalUserId).where('posts.publication_id', 'is', null);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * What decides whether followers get a post, read as stored (the posts module's answers hide a
   * scheduled or hidden post from the public altogether): undefined for a post that is gone.
   */
  async postFacts(
    postId: string,
  ): Promise<{ publishedAt: string | null; hiddenAt: string | null; newsletter: string | null } | undefined> {
    const row = await this.db
      .selectFrom('posts')
      .select(['published_at', 'hidden_at', 'newsletter'])
      .where('id', '=', postId)
      .executeTakeFirst();
    return row && { publishedAt: row.published_at, hiddenAt: row.hidden_at, newsletter: row.newsletter };
  }
}
