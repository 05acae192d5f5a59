import type { Kysely } from 'kysely';
import { emailKey, usernameKey } from '../../../contracts/auth';
import type { DatabaseSchema } from '../../db/schema';

export interface ExportedPost {
  id: string;
  title: string;
  content: string;
  tags: string;
  created_at: string;
  updated_at: string;
  published_at: string | null;
  cover_id: string | null;
}

export interface ExportedComment {
  id: string;
  post_id: string;
  post_title: string;
  parent_id: string | null;
  body: string;
  created_at: string;
  edited_at: string | null;
  anchor_quote: string | null;
}

/** A newsletter the account subscribed to while signed in (their `user_id` is on the row). */
export interface ExportedSeries {
  id: string;
  title: string;
  description: string;
  created_at: string;
  updated_at: string;
  /** A team publication's series; null: the writer's own. */
  publication_slug: string | null;
  post_ids: string[];
}

export interface ExportedSubscription {
  email: string;
  status: string;
  created_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  publication_slug: string;
  publication_name: string;
}

/** What one account wrote, read for its export, and what an import needs to know. */
export class TransferRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Every post of the author, drafts and scheduled ones included, oldest first. */
  postsOf(authorId: string): Promise<ExportedPost[]> {
    return this.db
      .selectFrom('posts')
      .select(['id', 'title', 'content', 'tags', 'created_at', 'updated_at', 'published_at', 'cover_id'])
      .where('author_id', '=', authorId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The pictures the account uploaded, with their stored widths. */
  mediaOf(ownerId: string): Promise<{ id: string; widths: string }[]> {
    return this.db
      .selectFrom('media')
      .select(['id', 'widths'])
      .where('owner_id', '=', ownerId)
      .orderBy('id')
      .execute();
  }

  /** The account's comments that still say something (not the "[deleted]" kept for replies), oldest first. */
  commentsOf(authorId: string): Promise<ExportedComment[]> {
    return this.db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select([
        'comments.id',
        'comments.post_id',
        'posts.title as post_title',
        'comments.parent_id',
        'comments.body',
        'comments.created_at',
        'comments.edited_at',
        'comments.anchor_quote',
      ])
      .where('comments.author_id', '=', authorId)
      .where('comments.deleted_at', 'is', null)
      .orderBy('comments.created_at')
      .orderBy('comments.id')
      .execute();
  }

  /** The series the account made (decision 78), oldest first, each with its posts' ids in order. */
  async seriesOf(userId: string): Promise<ExportedSeries[]> {
    const [series, parts] = await Promise.all([
      this.db
        .selectFrom('series')
        .leftJoin('publications', 'publications.id', 'series.publication_id')
        .select([
          'series.id',
          'series.title',
          'series.description',
          'series.created_at',
          'series.updated_at',
          'publications.slug as publication_slug',
        ])
        .where('series.owner_id', '=', userId)
        .orderBy('series.id')
        .execute(),
      this.db
        .selectFrom('series_posts')
        .innerJoin('series', 'series.id', 'series_posts.series_id')
        .select(['series_posts.series_id', 'series_posts.post_id'])
        .where('series.owner_id', '=', userId)
        .orderBy('series_posts.series_id')
        .orderBy('series_posts.position')
        .execute(),
    ]);
    return series.map((row) => ({
      ...row,
      post_ids: parts.filter((part) => part.series_id === row.id).map((part) => part.post_id),
    }));
  }

  /** The account's own newsletter subscriptions, oldest first (decision 62). */
  subscriptionsOf(userId: string): Promise<ExportedSubscription[]> {
    return this.db
      .selectFrom('newsletter_subscriptions')
      .innerJoin('publications', 'publications.id', 'newsletter_subscriptions.publication_id')
      .select([
        'newsletter_subscriptions.email',
        'newsletter_subscriptions.status',
        'newsletter_subscriptions.created_at',
        'newsletter_subscriptions.confirmed_at',
        'newsletter_subscriptions.unsubscribed_at',
        'publications.slug as publication_slug',
        'publications.name as publication_name',
      ])
      .where('newsletter_subscriptions.user_id', '=', userId)
      .orderBy('newsletter_subscriptions.created_at')
      .orderBy('newsletter_subscriptions.id')
      .execute();
  }

  /**
   * Where an import item stands for this author: 'here' when they already have it (brought in
   * before under the same key, or their own post with the id an Inkwell export kept), 'id-taken'
   * when its id belongs to someone else's post (it gets a new one), else 'new'.
   */
  async importState(
    authorId: string,
    key: string,
    id: string | undefined,
  ): Promise<'here' | 'id-taken' | 'new'> {
    const byKey = await this.db
      .selectFrom('posts')
      .select('id')
      .where('author_id', '=', authorId)
      .where('import_key', '=', key)
      .executeTakeFirst();
    if (byKey) return 'here';
    if (id === undefined) return 'new';
    const byId = await this.db
      .selectFrom('posts')
      .select('author_id')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!byId) return 'new';
    return byId.author_id === authorId ? 'here' : 'id-taken';
  }

  /**
   * The account an operator's `--user` names: by email, else by username, both compared without
   * regard to case like sign-in and profiles (each is unique by its key).
   */
  async userNamed(who: string): Promise<{ id: string; username: string } | undefined> {
    const byEmail = await this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('email_key', '=', emailKey(who))
      .executeTakeFirst();
    return (
      byEmail ??
      this.db
        .selectFrom('users')
        .select(['id', 'username'])
        .where('username_key', '=', usernameKey(who.trim()))
        .executeTakeFirst()
    );
  }
}
