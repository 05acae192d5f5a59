import type { Kysely } from 'kysely';
import type { Post } from '../../../contracts/posts';
import type { TypedTag } from '../../../contracts/tags';
import type { DatabaseSchema } from '../../db/schema';

/**
 * Topics' names as typed (tags.label, docs/decisions/0059-conduit-to-the-letter.md), beside their
 * addresses (tags.name). A topic keeps the name its first writer typed; a topic without one (from
 * before names were kept) is shown by its address. Posts write them (post-tags.ts's transaction);
 * the tags and Conduit modules read them from here.
 */

/** Names as typed, by address; a topic without one is left out. */
export async function tagLabels(
  db: Kysely<DatabaseSchema>,
  names: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(names)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('tags')
    .select(['name', 'label'])
    .where('name', 'in', unique)
    .where('label', 'is not', null)
    .execute();
  return new Map(rows.map((row) => [row.name, row.label ?? row.name]));
}

/**
 * Gives the topics that exist and have no name as typed yet the one their writer typed now: the
 * first one stays. Run inside the post's transaction, after its tags were attached, in name order
 * like every write of tag rows (post-tags.ts), so concurrent writers lock rows in the same order.
 */
export async function labelTags(trx: Kysely<DatabaseSchema>, tags: readonly TypedTag[]): Promise<void> {
  const sorted = [...tags].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { name, label } of sorted) {
    await trx
      .updateTable('tags')
      .set({ label })
      .where('name', '=', name)
      .where('label', 'is', null)
      .execute();
  }
}

/** Posts with their topics' names as typed (`tagLabels`), read in one query for the whole list. */
export async function withTagLabels<T extends Post>(db: Kysely<DatabaseSchema>, posts: T[]): Promise<T[]> {
  const labels = await tagLabels(
    db,
    posts.flatMap((post) => post.tags),
  );
  if (labels.size === 0) return posts;
  return posts.map((post) => ({ ...post, tagLabels: post.tags.map((name) => labels.get(name) ?? name) }));
}
