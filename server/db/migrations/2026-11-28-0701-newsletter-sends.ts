import type { Kysely } from 'kysely';

/**
 * Sending posts to a list's subscribers (docs/decisions/0061-newsletter-sending.md).
 * `newsletter_sends`: one row per post to be emailed, written in the transaction that publishes or
 * schedules it; a worker claims it once the post is public and copies the list's active addresses
 * into `newsletter_deliveries` a page at a time, `cursor` being the last subscription id copied.
 * `newsletter_deliveries`: one row per (post, subscription), unique, so an address can never be
 * queued twice for a post; a row is claimed with a lease, marked `sending` just before the SMTP
 * transaction and `sent` after it. `newsletter_settings`: a list's name, sender name, Reply-To and
 * footer; no row means the defaults (the publication's name, no Reply-To, no footer text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_sends')
    .addColumn('post_id', 'varchar(36)', (col) => col.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('cursor', 'varchar(36)')
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('newsletter_sends_state').on('newsletter_sends').column('state').execute();

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('subscription_id', 'varchar(36)', (col) =>
      col.notNull().references('newsletter_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('sent_at', 'varchar(32)')
    // The key itself is the rule: one row, so at most one email, per post and address.
    .addPrimaryKeyConstraint('newsletter_deliveries_pk', ['post_id', 'subscription_id'])
    .execute();
  // The claim reads pending rows by when they are due.
  await db.schema
    .createIndex('newsletter_deliveries_due')
    .on('newsletter_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  // A subscription's removal (cascade) finds its rows.
  await db.schema
    .createIndex('newsletter_deliveries_subscription')
    .on('newsletter_deliveries')
    .column('subscription_id')
    .execute();

  await db.schema
    .createTable('newsletter_settings')
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.primaryKey().references('publications.id').onDelete('cascade'),
    )
    .addColumn('newsletter_name', 'varchar(100)')
    .addColumn('sender_name', 'varchar(100)')
    .addColumn('reply_to', 'varchar(320)')
    .addColumn('footer', 'varchar(1000)')
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_settings').execute();
  await db.schema.dropTable('newsletter_deliveries').execute();
  await db.schema.dropTable('newsletter_sends').execute();
}
