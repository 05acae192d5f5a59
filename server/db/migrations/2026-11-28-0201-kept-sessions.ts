import type { Kysely } from 'kysely';

/**
 * The one sign-in an account keeps through an email or password change made by the RealWorld
 * API's PUT /api/user (docs/decisions/0059-conduit-to-the-letter.md): the SHA-256 of the token that
 * made the change, and the token version it stays valid at. Any later change of the version (sign
 * out everywhere, an undo, another change) ends it like every other token. Frozen: Kysely<any>, no
 * app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('kept_token_hash', 'varchar(64)').execute();
  await db.schema.alterTable('users').addColumn('kept_token_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('kept_token_version').execute();
  await db.schema.alterTable('users').dropColumn('kept_token_hash').execute();
}
