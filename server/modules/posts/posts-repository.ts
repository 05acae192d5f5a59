import type { Insertable, Kysely } from 'kysely';
import type { Post } from '../../../contracts/posts';
import type { DatabaseSchema, PostsTable } from '../../db/schema';
import type { PageRequest } from './paging';
import { selectPosts, toPost } from './post-select';
import { attachTags, currentTags, detachTags, joinTags, splitTags } from './post-tags';

export type PostChanges = Pick<PostsTable, 'title' | 'content' | 'updated_at'>;

/**
 * The only place that reads and writes the posts table (and, with each post, its tags). The search
 * index follows these writes by itself: see the search migration.
 */
export class PostsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async findById(id: string, viewerId: string | null): Promise<Post | undefined> {
    const page = this.db.selectFrom('posts').select('posts.id').where('posts.id', '=', id).as('page');
    const row = await selectPosts(this.db, page, viewerId).executeTakeFirst();
    return row && toPost(row, viewerId);
  }

  /** Several posts by id, in no particular order (search ranks them itself). */
  async findByIds(ids: readonly string[], viewerId: string | null): Promise<Post[]> {
    if (ids.length === 0) return [];
    const page = this.db
      .selectFrom('posts')
      .select('posts.id')
      .where('posts.id', 'in', [...ids])
      .as('page');
    const rows = await selectPosts(this.db, page, viewerId).execute();
    return rows.map((row) => toPost(row, viewerId));
  }

  /** Newest first: ids are UUIDv7, so a backward walk of the primary key is creation order. */
  listNewest(page: PageRequest, viewerId: string | null): Promise<Post[]> {
    return this.list(null, page, viewerId);
  }

  /** One author's posts, newest first, by a backward walk of the (author_id, id) index. */
  listByAuthor(authorId: string, page: PageRequest, viewerId: string | null): Promise<Post[]> {
    return this.list(authorId, page, viewerId);
  }

  /** One topic's posts, newest first, by a backward walk of post_tags' (tag, post_id) key. */
  async listByTag(tag: string, page: PageRequest, viewerId: string | null): Promise<Post[]> {
    let ids = this.db
      .selectFrom('post_tags')
      .select('post_tags.post_id as id')
      .where('post_tags.tag', '=', tag);
    if (page.after !== null) ids = ids.where('post_tags.post_id', '<', page.after);
    const idPage = ids
      .orderBy('post_tags.post_id', 'desc')
      .limit(page.limit + 1)
      .as('page');
    const rows = await selectPosts(this.db, idPage, viewerId).execute();
    return rows.map((row) => toPost(row, viewerId));
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

  /** The post, its tags and their counts in one transaction. */
  async insert(post: Omit<Insertable<PostsTable>, 'tags'>, tags: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('posts')
        .values({ ...post, tags: joinTags(tags) })
        .execute();
      await attachTags(trx, post.id, tags);
    });
  }

  /**
   * Returns whether a row was changed (false: the post was deleted meanwhile). `tags` undefined
   * keeps the post's tags. The post row is written first: on PostgreSQL that locks it, so two
   * edits of one post take turns and each compares against the tags the other left.
   */
  async update(id: string, changes: PostChanges, tags: readonly string[] | undefined): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('posts')
        .set(tags === undefined ? changes : { ...changes, tags: joinTags(tags) })
        .where('id', '=', id)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      if (tags !== undefined) {
        const before = await currentTags(trx, id);
        await detachTags(
          trx,
          id,
          before.filter((tag) => !tags.includes(tag)),
        );
        await attachTags(
          trx,
          id,
          tags.filter((tag) => !before.includes(tag)),
        );
      }
      return true;
    });
  }

  /**
   * Comments, favorites and tag rows go with the post (the foreign keys cascade on both
   * databases); the tags' counts are lowered by the tags the deleted row carried.
   */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('posts').where('id', '=', id).returning('tags').executeTakeFirst();
      if (!deleted) return false;
      await detachTags(trx, id, splitTags(deleted.tags), { keepRows: true });
      return true;
    });
  }

  async userExists(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    return row !== undefined;
  }

  async tagExists(name: string): Promise<boolean> {
    const row = await this.db.selectFrom('tags').select('name').where('name', '=', name).executeTakeFirst();
    return row !== undefined;
  }
}
