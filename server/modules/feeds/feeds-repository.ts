import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

export interface FeedPostRow {
  id: string;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
  author_id: string;
  username: string;
}

export interface FeedAuthorRow {
  id: string;
  username: string;
  created_at: string;
}

/** What the feeds read: the newest posts of the site or of one author, with their authors' names. */
export class FeedsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Newest first, like the lists: the ids come from a backward walk of the primary key (or of
   * (author_id, id)), and only those rows are then read and joined, whatever the table's size.
   */
  newestPosts(authorId: string | null, limit: number): Promise<FeedPostRow[]> {
    let ids = this.db.selectFrom('posts').select('posts.id');
    if (authorId !== null) ids = ids.where('posts.author_id', '=', authorId);
    const page = ids.orderBy('posts.id', 'desc').limit(limit).as('page');
    return this.db
      .selectFrom(page)
      .innerJoin('posts', 'posts.id', 'page.id')
      .innerJoin('users', 'users.id', 'posts.author_id')
      .select([
        'posts.id',
        'posts.title',
        'posts.content',
        'posts.created_at',
        'posts.updated_at',
        'posts.author_id',
        'users.username',
      ])
      .orderBy('page.id', 'desc')
      .execute();
  }

  findAuthor(id: string): Promise<FeedAuthorRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
