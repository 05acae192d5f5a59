import { sql, type Kysely } from 'kysely';

/**
 * Operators and moderation (docs/decisions/0042-operators-and-moderation.md).
 * - posts and comments gain `hidden_at` and `hidden_reason` ('operator': an operator hid it;
 *   'suspension': its author is suspended). Every public read already filters posts by
 *   `published_at <= now` on an index walk; `hidden_at is null` is one more test on the rows that
 *   walk reaches, and hidden rows are rare, so no index changes. A hidden post leaves post_tags
 *   (like a draft), so topic pages and tag counts need no test at all.
 * - users gain `suspended_at`: the authenticator reads the user on every request anyway.
 * - reports, the audit log, staff picks and testimonials are tables of their own.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['posts', 'comments']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'varchar(32)').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'varchar(16)').execute();
  }
  await db.schema.alterTable('users').addColumn('suspended_at', 'varchar(32)').execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('target_kind', 'varchar(16)', (col) => col.notNull())
    // No foreign key: a report outlives its target (the queue then says it is gone).
    .addColumn('target_id', 'varchar(36)', (col) => col.notNull())
    .addColumn('reporter_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('reason', 'varchar(16)', (col) => col.notNull())
    .addColumn('note', 'varchar(1000)')
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('resolved_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // The queue: one state's reports, newest first, by keyset on id (UUIDv7).
  await db.schema.createIndex('reports_state_id').on('reports').columns(['state', 'id']).execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target_id', 'state']).execute();
  // One open report per reporter per target; a settled one may be followed by a new one.
  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .unique()
    .where(sql<boolean>`state = 'open'`)
    .execute();

  await db.schema
    .createTable('moderation_log')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('actor_id', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    // Kept as it was at the time: the actor may be renamed, the target deleted.
    .addColumn('actor_name', 'varchar(240)', (col) => col.notNull())
    .addColumn('action', 'varchar(32)', (col) => col.notNull())
    .addColumn('target_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('target_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('target_label', 'varchar(300)', (col) => col.notNull())
    .addColumn('reason', 'varchar(1000)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('staff_picks')
    .addColumn('post_id', 'varchar(36)', (col) => col.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('picked_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('picked_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('testimonials')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    // null: a quote from the post itself; otherwise from this comment on it.
    .addColumn('comment_id', 'varchar(36)', (col) => col.references('comments.id').onDelete('cascade'))
    .addColumn('quote', 'varchar(600)', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('chosen_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('chosen_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('testimonials').execute();
  await db.schema.dropTable('staff_picks').execute();
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  for (const table of ['comments', 'posts']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
}
