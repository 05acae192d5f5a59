import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/**
 * Topics' names as typed (tags.label, docs/decisions/0059-conduit-to-the-letter.md), by address;
 * a topic without one is left out, and is shown by its address.
 */
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

/** Gives topics that have no name as typed yet the one their writer typed now: the first one stays. */
export async function labelTags(
  db: Kysely<DatabaseSchema>,
  tags: readonly { name: string; label: string }[],
): Promise<void> {
  for (const { name, label } of tags) {
    if (label === name) continue;
    await db.updateTable('tags').set({ label }).where('name', '=', name).where('label', 'is', null).execute();
  }
}
