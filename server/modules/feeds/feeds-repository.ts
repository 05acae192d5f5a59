import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { publiclyTagged, publiclyListed } from '../posts/post-visibility';
import { coWritesAny, coWrittenBy } from '../posts/post-authors';

export interface FeedPostRow {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  author_id: string;
  username: string;
  handle: string | null;
}

/** Whose posts a feed carries: everyone's, one author's or one topic's. */
export interface FeedPostsScope {
  authorId?: string;
  /** With authorId: the posts they co-write too (decision 85), as their profile lists them. */
  coWriter?: boolean;
  tag?: string;
}

/** A co-author of a feed's post (decision 85), after its first author. */
export interface FeedCoAuthorRow {
  post_id: string;
  id: string;
  username: string;
  handle: string | null;
}

export interface FeedAuthorRow {
  id: string;
  username: string;
  handle: string | null;
  created_at: string;
  picture_id: string | null;
}

/** A feed item's columns, whichever posts it carries. */
const FEED_POST_COLUMNS = [
  'posts.id',
  'posts.title',
  'posts.content',
  'posts.created_at',
  'posts.updated_at',
  'posts.author_id',
  'users.username',
  'users.handle',
] as const;

/** What the feeds read: the newest posts of the site or of one author, with their authors' names. */
export class FeedsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Newest publication first, like the lists: the ids come from a backward walk of
   * (published_at, id) (or (author_id, published_at, id), or post_tags' (tag, published_at,
   * post_id)) from now, so drafts and scheduled posts never appear, and only those rows are then
   * read and joined, whatever the table's size.
   */
  newestPosts(scope: FeedPostsScope, limit: number): Promise<FeedPostRow[]> {
    const now = new Date().toISOString();
    const page =
      scope.tag === undefined
        ? this.byAuthor(scope)
            .select(['posts.id', 'posts.published_at as at'])
            .where(publiclyListed('posts', now))
            .orderBy('posts.published_at', 'desc')
            .orderBy('posts.id', 'desc')
            .limit(limit)
            .as('page')
        : this.db
            .selectFrom('post_tags')
            .select(['post_tags.post_id as id', 'post_tags.published_at as at'])
            .where('post_tags.tag', '=', scope.tag)
            .where(publiclyTagged('post_tags', now))
            .orderBy('post_tags.published_at', 'desc')
            .orderBy('post_tags.post_id', 'desc')
            .limit(limit)
            .as('page');
    return this.db
      .selectFrom(page)
      .innerJoin('posts', 'posts.id', 'page.id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select(FEED_POST_COLUMNS)
      .orderBy('page.at', 'desc')
      .orderBy('page.id', 'desc')
      .execute();
  }

  private byAuthor({ authorId, coWriter }: FeedPostsScope) {
    const posts = this.db.selectFrom('posts');
    if (authorId === undefined) return posts;
    return coWriter
      ? posts.where((eb) =>
          eb.or([eb('posts.author_id', '=', authorId), eb('posts.id', 'in', coWrittenBy(eb, authorId))]),
        )
      : posts.where('posts.author_id', '=', authorId);
  }

  /** Whether the writer co-writes any post: their feed then carries those too. */
  coWritesAny(userId: string): Promise<boolean> {
    return coWritesAny(this.db, userId);
  }

  /** The co-authors of the feed's posts, in byline order (one query for the feed). */
  coAuthorsOf(postIds: string[]): Promise<FeedCoAuthorRow[]> {
    if (postIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('post_authors')
      .innerJoin('users', 'users.id', 'post_authors.user_id')
      .select(['post_authors.post_id', 'users.id', 'users.username', 'users.handle'])
      .where('post_authors.post_id', 'in', postIds)
      .where('post_authors.state', '=', 'accepted')
      .where('users.suspended_at', 'is', null)
      .orderBy('post_authors.accepted_at')
      .orderBy('post_authors.user_id')
      .execute();
  }

  /** The listed posts among `ids` (a series' parts), newest publication first. */
  postsAmong(ids: string[], limit: number): Promise<FeedPostRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select(FEED_POST_COLUMNS)
      .where('posts.id', 'in', ids)
      .where(publiclyListed('posts'))
      .orderBy('posts.published_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * A topic exists once a post has carried it (the tags row stays, like the topic's followers):
   * its name as its first writer typed it (its address for older topics), or undefined.
   */
  async topicLabel(tag: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('tags')
      .select(['name', 'label'])
      .where('name', '=', tag)
      .executeTakeFirst();
    return row && (row.label ?? row.name);
  }

  findAuthor(id: string): Promise<FeedAuthorRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'handle', 'created_at', 'picture_id'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
