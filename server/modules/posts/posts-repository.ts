import type { Kysely } from 'kysely';
import type { Post } from '../../../contracts/posts';
import type { DatabaseSchema, PostsTable } from '../../db/schema';
import type { PageRequest } from './paging';
import { selectPosts, toPost } from './post-select';

/** The only place that reads and writes the posts table. */
export class PostsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async findById(id: string, viewerId: string | null): Promise<Post | undefined> {
    const page = this.db.selectFrom('posts').select('posts.id').where('posts.id', '=', id).as('page');
    const row = await selectPosts(this.db, page, viewerId).executeTakeFirst();
    return row && toPost(row, viewerId);
  }

  /** Newest first: ids are UUIDv7, so a backward walk of the primary key is creation order. */
  listNewest(page: PageRequest, viewerId: string | null): Promise<Post[]> {
    return this.list(null, page, viewerId);
  }

  /** One author's posts, newest first, by a backward walk of the (author_id, id) index. */
  listByAuthor(authorId: string, page: PageRequest, viewerId: string | null): Promise<Post[]> {
    return this.list(authorId, page, viewerId);
  }

  /** Keyset paging: `id < last seen id`, never OFFSET, so new posts cannot shift later pages. */
  private async list(authorId: string | null, page: PageRequest, viewerId: string | null): Promise<Post[]> {
    let ids = this.db.selectFrom('posts').select('posts.id');
    if (authorId !== null) ids = ids.where('posts.author_id', '=', authorId);
    if (page.after !== null) ids = ids.where('posts.id', '<', page.after);
    const idPage = ids
      .orderBy('posts.id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPosts(this.db, idPage, viewerId).execute();
    return rows.map((row) => toPost(row, viewerId));
  }

  /** Who wrote a post, for ownership checks; undefined if there is no such post. */
  async findAuthorId(id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('posts').select('author_id').where('id', '=', id).executeTakeFirst();
    return row?.author_id;
  }

  async insert(post: PostsTable): Promise<void> {
    await this.db.insertInto('posts').values(post).execute();
  }

  /** Returns whether a row was changed (false: the post was deleted meanwhile). */
  async update(id: string, changes: Pick<PostsTable, 'title' | 'content' | 'updated_at'>): Promise<boolean> {
    const result = await this.db.updateTable('posts').set(changes).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Comments and favorites go with the post: the foreign keys cascade on both databases. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async userExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }
}
