import type { Kysely } from 'kysely';

/**
 * Single-use links sent by email: password resets and email-change confirmations
 * (docs/decisions/0031-account-recovery.md). Only a SHA-256 of the token is stored, so reading the
 * database (or a backup) gives no working link. Rows go with their user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_tokens')
    .addColumn('token_hash', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (col) => col.notNull())
    .addColumn('new_email', 'varchar(254)')
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('account_tokens_user').on('account_tokens').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('account_tokens').execute();
}
