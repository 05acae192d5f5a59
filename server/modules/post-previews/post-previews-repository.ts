import type { Kysely } from 'kysely';
import type { DatabaseSchema, PostPreviewsTable } from '../../db/schema';

/** One preview link as stored. */
export type PreviewLinkRow = PostPreviewsTable;

/** The post_previews table: a post's links for its writer, and a token's post for its reader. */
export class PostPreviewsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insert(row: PostPreviewsTable): Promise<void> {
    await this.db.insertInto('post_previews').values(row).execute();
  }

  /** The post's links that still work at `now`, newest first. */
  listLive(postId: string, now: string): Promise<PostPreviewsTable[]> {
    return this.db
      .selectFrom('post_previews')
      .selectAll()
      .where('post_id', '=', postId)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .orderBy('id', 'desc')
      .execute();
  }

  findById(id: string): Promise<PostPreviewsTable | undefined> {
    return this.db.selectFrom('post_previews').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The link of a token, if it still works at `now`. */
  findLiveByToken(token: string, now: string): Promise<PostPreviewsTable | undefined> {
    return this.db
      .selectFrom('post_previews')
      .selectAll()
      .where('token', '=', token)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .executeTakeFirst();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('post_previews').where('id', '=', id).execute();
  }

  /** Expired links serve nobody: they go when the post's links are next listed or added to. */
  async deleteExpired(postId: string, now: string): Promise<void> {
    await this.db
      .deleteFrom('post_previews')
      .where('post_id', '=', postId)
      .where('expires_at', '<=', now)
      .execute();
  }
}
