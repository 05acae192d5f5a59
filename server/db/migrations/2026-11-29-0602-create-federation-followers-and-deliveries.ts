import type { Kysely } from 'kysely';

/**
 * The social web's follows and deliveries (docs/decisions/0070-activitypub-on-fedify-parts.md).
 * `federation_followers`: one row per remote actor following a local one (`actor`, its path), with
 * where to deliver to it (its inbox, and its server's shared inbox) and the Follow's id, which an
 * Undo names. `federation_deliveries`: the queue of signed POSTs to other servers' inboxes, the
 * webhooks' pattern (decision 39): a row per activity and inbox, leased by one worker at a time,
 * retried with backoff until delivered or given up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_followers')
    .addColumn('actor', 'varchar(200)', (col) => col.notNull())
    .addColumn('follower', 'varchar(2048)', (col) => col.notNull())
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('shared_inbox', 'varchar(2048)')
    .addColumn('follow_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('handle', 'varchar(400)')
    .addColumn('name', 'varchar(400)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_followers_pk', ['actor', 'follower'])
    .execute();
  // An Undo, or a Delete of the remote actor, finds its rows by the follower.
  await db.schema
    .createIndex('federation_followers_follower')
    .on('federation_followers')
    .column('follower')
    .execute();

  await db.schema
    .createTable('federation_deliveries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('actor', 'varchar(200)', (col) => col.notNull())
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('activity_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  // The claim reads pending rows by when they are due.
  await db.schema
    .createIndex('federation_deliveries_due')
    .on('federation_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_deliveries').execute();
  await db.schema.dropTable('federation_followers').execute();
}
