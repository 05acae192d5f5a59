import type { Kysely } from 'kysely';

/** Staff picks count the favorites of the last 30 days: a range of this index, not a table scan. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('favorites_created_at_post_id')
    .on('favorites')
    .columns(['created_at', 'post_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('favorites_created_at_post_id').execute();
}
