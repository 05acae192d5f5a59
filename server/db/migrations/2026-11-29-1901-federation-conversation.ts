import type { Kysely } from 'kysely';

/**
 * Replies from the social web (docs/decisions/0084-social-web-conversation.md).
 * `federation_remote_accounts`: a remote actor who wrote here, tied to the account row that stands
 * for it (`user_id`, no password, no handle, no sign-in: the way Mastodon keeps a remote account as
 * an account with a domain), so its comments, notifications, blocks, holds and reports are the
 * ordinary ones. `federation_comments`: the Note each remote comment came as (its id, which an
 * Update or Delete names, and its address, which the discussion links to).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_remote_accounts')
    .addColumn('user_id', 'varchar(36)', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('actor_id', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('handle', 'varchar(400)', (col) => col.notNull())
    .addColumn('name', 'varchar(400)')
    .addColumn('profile_url', 'varchar(2048)')
    .addColumn('picture_url', 'varchar(2048)')
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('shared_inbox', 'varchar(2048)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('federation_comments')
    .addColumn('comment_id', 'varchar(36)', (col) =>
      col.primaryKey().references('comments.id').onDelete('cascade'),
    )
    .addColumn('note_id', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('note_url', 'varchar(2048)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_comments').execute();
  await db.schema.dropTable('federation_remote_accounts').execute();
}
