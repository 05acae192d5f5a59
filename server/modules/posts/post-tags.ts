import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { nowIso } from '../../lib/clock';

/**
 * Writes of a post's tags, always inside the transaction that writes the post itself (the posts
 * repository passes its transaction in), so posts.tags, post_tags and tags.post_count never
 * disagree. Tags are touched in name order: two posts saved at once lock the same tag rows in the
 * same order on PostgreSQL, so they queue instead of deadlocking.
 */

/** posts.tags holds the list joined by spaces: normalized tags never contain one. */
export const joinTags = (tags: readonly string[]) => tags.join(' ');
export const splitTags = (stored: string) => (stored === '' ? [] : stored.split(' '));

/**
 * Only posts with a publication time (published or scheduled) carry post_tags rows and count in
 * tags.post_count; a draft's tags live in posts.tags alone until it is published.
 */
export async function attachTags(
  trx: Kysely<DatabaseSchema>,
  postId: string,
  tags: readonly string[],
  publishedAt: string,
) {
  if (tags.length === 0) return;
  const sorted = [...tags].sort();
  const createdAt = nowIso();
  await trx
    .insertInto('tags')
    .values(sorted.map((name) => ({ name, post_count: 1, created_at: createdAt })))
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet((eb) => ({ post_count: eb('tags.post_count', '+', 1) })),
    )
    .execute();
  await trx
    .insertInto('post_tags')
    .values(sorted.map((tag) => ({ tag, post_id: postId, published_at: publishedAt })))
    .execute();
}

/** Takes tags off a post; `keepRows` when the post row is being deleted (its rows cascade). */
export async function detachTags(
  trx: Kysely<DatabaseSchema>,
  postId: string,
  tags: readonly string[],
  options: { keepRows?: boolean } = {},
) {
  if (tags.length === 0) return;
  const sorted = [...tags].sort();
  if (!options.keepRows) {
    await trx.deleteFrom('post_tags').where('post_id', '=', postId).where('tag', 'in', sorted).execute();
  }
  await trx
    .updateTable('tags')
    .set((eb) => ({ post_count: eb('post_count', '-', 1) }))
    .where('name', 'in', sorted)
    .execute();
}

/** The tags a post carries now, read inside the writing transaction. */
export async function currentTags(trx: Kysely<DatabaseSchema>, postId: string): Promise<string[]> {
  const rows = await trx.selectFrom('post_tags').select('tag').where('post_id', '=', postId).execute();
  return rows.map((row) => row.tag);
}

/** Moves a post's topic rows to its new publication time (they order the topic's pages). */
export async function retimeTags(trx: Kysely<DatabaseSchema>, postId: string, publishedAt: string) {
  await trx
    .updateTable('post_tags')
    .set({ published_at: publishedAt })
    .where('post_id', '=', postId)
    .execute();
}
