import type { Kysely } from 'kysely';

/**
 * Readers' email subscriptions to a publication's newsletter (docs/decisions/0060-newsletter-subscriptions.md).
 * A writer's own blog is their personal publication, so one list per publication covers both.
 * The address is stored trimmed with its domain lower-cased, once per list. A confirmation link's
 * token is random and only its SHA-256 is kept (a database read gives no working link); the
 * unsubscribe link is signed from the row's id and needs no column. `user_id` is the reader's
 * account when they subscribed signed in (their data export and deletion find it by it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('email', 'varchar(320)', (col) => col.notNull())
    .addColumn('user_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('confirm_token_hash', 'varchar(64)')
    .addColumn('confirm_expires_at', 'varchar(32)')
    .addColumn('confirm_sent_at', 'varchar(32)')
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('unsubscribed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_list_email')
    .unique()
    .on('newsletter_subscriptions')
    .columns(['publication_id', 'email'])
    .execute();
  // Sending (a later step) reads a list's active addresses in order: (list, status, id).
  await db.schema
    .createIndex('newsletter_subscriptions_list_status')
    .on('newsletter_subscriptions')
    .columns(['publication_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_confirm_token')
    .unique()
    .on('newsletter_subscriptions')
    .column('confirm_token_hash')
    .execute();
  // The forgetting of unconfirmed addresses reads pending rows by their link's expiry.
  await db.schema
    .createIndex('newsletter_subscriptions_pending')
    .on('newsletter_subscriptions')
    .columns(['status', 'confirm_expires_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_user')
    .on('newsletter_subscriptions')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('newsletter_subscriptions').execute();
}
