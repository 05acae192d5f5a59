import type { Kysely } from 'kysely';

/**
 * What the social web was told of each post (docs/decisions/0070-activitypub-on-fedify-parts.md,
 * "Publishing"): one row per post ever sent to followers or waiting for its time. `state` is
 * `scheduled` (due at `due_at`, the publication time, or a lease's end while one instance sends
 * it), `created` (followers have it: a change is an Update) or `deleted` (followers were sent a
 * Delete: its id answers 410 Gone with a Tombstone). `actor` is the actor it went out from, whose
 * followers hear of its edits and its deletion (null while it waits, never sent). No foreign key to posts: the row outlives the post,
 * as the Tombstone must.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_posts')
    .addColumn('post_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('actor', 'varchar(200)')
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('due_at', 'varchar(32)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // The scheduled posts' poll reads them by when they are due.
  await db.schema
    .createIndex('federation_posts_due')
    .on('federation_posts')
    .columns(['state', 'due_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_posts').execute();
}
