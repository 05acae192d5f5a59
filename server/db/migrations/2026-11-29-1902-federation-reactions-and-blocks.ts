import type { Kysely } from 'kysely';

/**
 * Likes and boosts from the social web, and the operator's block of a whole server
 * (docs/decisions/0084-social-web-conversation.md). `federation_reactions`: one row per remote
 * actor, post and kind (`like`, `announce`), with the activity's id, which its Undo names; gone with
 * the post. `federation_blocked_servers`: hosts (with their port, if any) whose activities the
 * inboxes refuse and to which nothing is delivered. `federation_followers.state`: `accepted`, or
 * `pending` while a writer who approves followers by hand (`users.approve_followers`, 1 = on) has
 * not answered the Follow.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_reactions')
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('actor_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('activity_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_reactions_pk', ['post_id', 'actor_id', 'kind'])
    .execute();
  // An Undo that names its Like only by id, and an actor's Delete, find rows by the actor.
  await db.schema
    .createIndex('federation_reactions_actor')
    .on('federation_reactions')
    .column('actor_id')
    .execute();

  await db.schema
    .createTable('federation_blocked_servers')
    .addColumn('host', 'varchar(300)', (col) => col.primaryKey())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('federation_followers')
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('accepted'))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('approve_followers', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('approve_followers').execute();
  await db.schema.alterTable('federation_followers').dropColumn('state').execute();
  await db.schema.dropTable('federation_blocked_servers').execute();
  await db.schema.dropTable('federation_reactions').execute();
}
