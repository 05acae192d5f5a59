import type { Kysely } from 'kysely';
import type { DatabaseSchema, PostVersionsTable } from '../../db/schema';

export type PostVersionRow = PostVersionsTable;
/** A version without its text: what the list shows. */
export type PostVersionListRow = Omit<PostVersionsTable, 'content'>;

const LISTED = [
  'id',
  'post_id',
  'kind',
  'title',
  'created_at',
  'saved_at',
  'words_added',
  'words_removed',
] as const;

/** The post_versions table: a post's saved versions, newest first (UUIDv7 ids sort by time). */
export class PostVersionsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async insert(row: PostVersionRow): Promise<void> {
    await this.db.insertInto('post_versions').values(row).execute();
  }

  /** An autosave's entry takes the newer text. */
  async replaceText(
    id: string,
    text: Pick<PostVersionRow, 'title' | 'content' | 'saved_at' | 'words_added' | 'words_removed'>,
  ): Promise<void> {
    await this.db.updateTable('post_versions').set(text).where('id', '=', id).execute();
  }

  async relabel(id: string, kind: PostVersionRow['kind']): Promise<void> {
    await this.db.updateTable('post_versions').set({ kind }).where('id', '=', id).execute();
  }

  list(postId: string): Promise<PostVersionListRow[]> {
    return this.db
      .selectFrom('post_versions')
      .select(LISTED)
      .where('post_id', '=', postId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** The post's newest version, or the newest before `beforeId`. */
  latest(postId: string, beforeId?: string): Promise<PostVersionRow | undefined> {
    let query = this.db.selectFrom('post_versions').selectAll().where('post_id', '=', postId);
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  findById(id: string): Promise<PostVersionRow | undefined> {
    return this.db.selectFrom('post_versions').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
