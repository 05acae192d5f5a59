import type { Kysely } from 'kysely';

/**
 * Signed webhooks (docs/decisions/0039-webhooks.md). `webhooks` holds each writer's
 * receivers; `webhook_deliveries` is both the durable queue the worker polls and the log Settings
 * shows, so a delivery survives a restart and its outcome is kept in one row. Rows go with their
 * hook, hooks with their user. Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (col) => col.notNull())
    // Event names joined by spaces, in the catalogue's order.
    .addColumn('events', 'varchar(200)', (col) => col.notNull())
    .addColumn('secret', 'varchar(100)', (col) => col.notNull())
    // 1 or 0 on both databases, so the column reads back as the same type.
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('webhooks_user_url')
    .unique()
    .on('webhooks')
    .columns(['user_id', 'url'])
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('webhook_id', 'varchar(36)', (col) =>
      col.notNull().references('webhooks.id').onDelete('cascade'),
    )
    .addColumn('event', 'varchar(32)', (col) => col.notNull())
    // The exact body sent, fixed when the event happened: every attempt signs the same bytes.
    .addColumn('payload', 'text', (col) => col.notNull())
    // The post an event is about, so a scheduled publication can be taken back.
    .addColumn('subject_id', 'varchar(36)')
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(32)', (col) => col.notNull())
    // A worker's lease on a row it is sending; an expired lease lets another worker retry it.
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  // The worker's question: what is pending and due, soonest first.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute();
  // The log's question: a hook's latest deliveries.
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subject')
    .on('webhook_deliveries')
    .column('subject_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhooks').execute();
}
