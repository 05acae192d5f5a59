import type { Kysely } from 'kysely';
import type { Comment } from '../../../../contracts/comments';
import type { CommentsTable, DatabaseSchema } from '../../../db/schema';
import type { PageRequest } from '../../posts/paging';

/** A comment as stored: the service adds its rendered HTML. */
export type CommentRecord = Omit<Comment, 'bodyHtml'>;

/** Who may delete a comment: its author and the author of the post it is on. */
export interface CommentOwnership {
  authorId: string;
  postAuthorId: string;
}

/** The only place that reads and writes the comments table. */
export class CommentsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * A post's discussion, oldest first, by keyset on (post_id, id): comment ids are UUIDv7, so the
   * index order is the order they were written in, and one statement serves the page.
   */
  async listByPost(postId: string, page: PageRequest): Promise<CommentRecord[]> {
    let query = this.db
      .selectFrom('comments')
      .innerJoin('users', 'users.id', 'comments.author_id')
      .select([
        'comments.id',
        'comments.post_id',
        'comments.body',
        'comments.created_at',
        'comments.author_id',
        'users.username',
      ])
      .where('comments.post_id', '=', postId);
    if (page.after !== null) query = query.where('comments.id', '>', page.after);
    const rows = await query
      .orderBy('comments.id', 'asc')
      .limit(page.limit + 1)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      postId: row.post_id,
      body: row.body,
      createdAt: row.created_at,
      author: { id: row.author_id, username: row.username },
    }));
  }

  async postExists(postId: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst();
    return row !== undefined;
  }

  /** Throws a foreign-key violation when the post does not exist (or was just deleted). */
  async insert(comment: CommentsTable): Promise<void> {
    await this.db.insertInto('comments').values(comment).execute();
  }

  async findOwnership(id: string): Promise<CommentOwnership | undefined> {
    const row = await this.db
      .selectFrom('comments')
      .innerJoin('posts', 'posts.id', 'comments.post_id')
      .select(['comments.author_id', 'posts.author_id as post_author_id'])
      .where('comments.id', '=', id)
      .executeTakeFirst();
    return row && { authorId: row.author_id, postAuthorId: row.post_author_id };
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
