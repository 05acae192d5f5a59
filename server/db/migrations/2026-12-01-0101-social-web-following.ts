import type { Kysely } from 'kysely';

/**
 * Following the social web (decision 0090). `federation_following`: one row per local user and
 * remote actor they follow, `pending` until that actor's Accept, with the Follow's id (which the
 * Accept, the Reject and our Undo name) and the inbox it went to. `federation_timeline`: each
 * remote Article or Note that came from an actor someone here follows, once per object (not per
 * follower: a reader's timeline is these rows joined with whom they follow), as Markdown made by
 * the remote replies' sanitizer, ordered by (published_at, id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_following')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('actor', 'varchar(2048)', (col) => col.notNull())
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('follow_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_following_pk', ['user_id', 'actor'])
    .execute();
  // An activity's actor is looked up on every Create: is anyone here following it?
  await db.schema
    .createIndex('federation_following_actor')
    .on('federation_following')
    .column('actor')
    .execute();

  await db.schema
    .createTable('federation_timeline')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('object_id', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('actor', 'varchar(2048)', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'varchar(400)')
    .addColumn('summary', 'text')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('url', 'varchar(2048)')
    .addColumn('published_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)')
    .addColumn('received_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  // A timeline page: one actor's rows, newest first; a Delete of the actor finds its rows too.
  await db.schema
    .createIndex('federation_timeline_actor_published')
    .on('federation_timeline')
    .columns(['actor', 'published_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_timeline').execute();
  await db.schema.dropTable('federation_following').execute();
}
