import type { Kysely } from 'kysely';

/**
 * Links that undo a password or email change (docs/decisions/0031-account-recovery.md, "Every
 * change is told"). They live in `account_tokens` beside reset and confirmation links, with two
 * new purposes: `undo-password` restores the password hash kept here, `undo-email` the address
 * kept in `new_email` (the address the link puts on the account, as for a confirmation link).
 * Existing rows are untouched: the new column is null for them. Frozen: no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').addColumn('restores_password_hash', 'varchar(255)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_tokens').dropColumn('restores_password_hash').execute();
}
