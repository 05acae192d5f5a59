import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../../server/db/schema';

/** A post's newsletter deliveries counted by state (what is left to send, what went, what stopped). */
export async function deliveryStatesIn(
  db: Kysely<DatabaseSchema>,
  postId: string,
): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select('state')
    .where('post_id', '=', postId)
    .execute();
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.state] = (counts[row.state] ?? 0) + 1;
  return counts;
}
