import type { Kysely } from 'kysely';

/**
 * A writer's replies sent to the social web (decision 0084's addendum): what each went out as, to
 * whom and where, so an edit is sent as Update(Note) and a deletion as Delete(Note) to the same
 * inbox, and `/ap/comments/{id}` answers the Note (or, once its Delete went, a Tombstone). No
 * foreign key to the comment: the row outlives a deleted comment, whose id then answers 410.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('federation_sent_comments')
    .addColumn('comment_id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull())
    // The writer's actor path (/ap/users/{id}), whose key signs every activity about the reply.
    .addColumn('actor', 'varchar(200)', (col) => col.notNull())
    .addColumn('in_reply_to', 'varchar(2048)', (col) => col.notNull())
    .addColumn('recipient', 'varchar(2048)', (col) => col.notNull())
    .addColumn('recipient_handle', 'varchar(400)', (col) => col.notNull())
    .addColumn('recipient_profile_url', 'varchar(2048)')
    .addColumn('inbox', 'varchar(2048)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  // A post deleted: its replies sent out are told deleted too.
  await db.schema
    .createIndex('federation_sent_comments_post_id')
    .on('federation_sent_comments')
    .column('post_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('federation_sent_comments').execute();
}
