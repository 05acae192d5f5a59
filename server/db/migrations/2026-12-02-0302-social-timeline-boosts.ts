import type { Kysely } from 'kysely';

/**
 * Boosts in the social-web timeline (decision 0094's addendum): an `Announce` by an account a
 * reader here follows, of a post kept once in `federation_timeline` (its author followed or not),
 * shown at the boost's time to the booster's followers. One row per Announce (its id, which its
 * Undo names); it goes with the kept post.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_timeline_boosts')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('timeline_id', 'varchar(36)', (col) =>
      col.notNull().references('federation_timeline.id').onDelete('cascade'),
    )
    // The account that boosted it, whom the reader follows.
    .addColumn('actor', 'varchar(2048)', (col) => col.notNull())
    .addColumn('announce_id', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('published_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // A timeline page: one booster's rows, newest first; unfollowing finds its rows too.
  await db.schema
    .createIndex('federation_timeline_boosts_actor_published')
    .on('federation_timeline_boosts')
    .columns(['actor', 'published_at', 'id'])
    .execute();
  await db.schema
    .createIndex('federation_timeline_boosts_timeline')
    .on('federation_timeline_boosts')
    .column('timeline_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_timeline_boosts').execute();
}
