import type { Kysely } from 'kysely';

/**
 * A reader's likes, boosts and replies to the posts in their social-web timeline (decision 0094).
 * `federation_timeline_reactions`: one row per reader, kept post and kind, with the activity's id
 * (its Undo names it) and the inbox it went to (the Undo goes there too, even once the reader
 * stops following). `federation_timeline_replies`: the reader's replies that went out (their
 * Note's id, under this server's /ap/notes/) and the answers that came back to them (`actor` set),
 * each the reader's alone. Both go with the kept post (its Delete, or nobody following its actor
 * any more) and with the reader's account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_timeline_reactions')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('timeline_id', 'varchar(36)', (col) =>
      col.notNull().references('federation_timeline.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('activity_id', 'varchar(2048)', (col) => col.notNull())
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('federation_timeline_reactions_pk', ['user_id', 'timeline_id', 'kind'])
    .execute();
  // The post's Delete cascades by its id.
  await db.schema
    .createIndex('federation_timeline_reactions_timeline')
    .on('federation_timeline_reactions')
    .column('timeline_id')
    .execute();

  await db.schema
    .createTable('federation_timeline_replies')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('timeline_id', 'varchar(36)', (col) =>
      col.notNull().references('federation_timeline.id').onDelete('cascade'),
    )
    // The reader whose conversation it is: the author of a reply, the one answered by an answer.
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('note_id', 'varchar(2048)', (col) => col.notNull().unique())
    .addColumn('in_reply_to', 'varchar(2048)', (col) => col.notNull())
    // Null for the reader's own reply; the remote actor's id for an answer to it.
    .addColumn('actor', 'varchar(2048)')
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('url', 'varchar(2048)')
    // Where the reader's reply went, which its Delete goes to; null for an answer.
    .addColumn('inbox', 'varchar(2048)')
    .addColumn('published_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)')
    .execute();
  // A timeline page reads one reader's replies to its posts.
  await db.schema
    .createIndex('federation_timeline_replies_user_timeline')
    .on('federation_timeline_replies')
    .columns(['user_id', 'timeline_id'])
    .execute();
  await db.schema
    .createIndex('federation_timeline_replies_timeline')
    .on('federation_timeline_replies')
    .column('timeline_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_timeline_replies').execute();
  await db.schema.dropTable('federation_timeline_reactions').execute();
}
