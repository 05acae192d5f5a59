import type { Kysely } from 'kysely';

// Threads, mentions, notifications and blocks. Frozen: Kysely<any>, no app imports.
export async function up(db: Kysely<any>): Promise<void> {
  // One level of replies: a reply's parent is always a top-level comment (decision 0032).
  await db.schema
    .alterTable('comments')
    .addColumn('parent_id', 'varchar(36)', (col) => col.references('comments.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('comments').addColumn('edited_at', 'varchar(32)').execute();
  // Set when a comment with replies is deleted: its body is emptied and it reads "[deleted]".
  await db.schema.alterTable('comments').addColumn('deleted_at', 'varchar(32)').execute();
  await db.schema.createIndex('comments_parent_id_id').on('comments').columns(['parent_id', 'id']).execute();

  await db.schema
    .createTable('comment_mentions')
    .addColumn('comment_id', 'varchar(36)', (col) =>
      col.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('comment_mentions_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('recipient_id', 'varchar(36)', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('actor_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('post_id', 'varchar(36)', (col) => col.references('posts.id').onDelete('cascade'))
    .addColumn('comment_id', 'varchar(36)', (col) => col.references('comments.id').onDelete('cascade'))
    // Notifications with the same key are shown as one line ("Ada and 3 others favorited …").
    .addColumn('group_key', 'varchar(64)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('read_at', 'varchar(32)')
    .execute();
  // A reader's notifications newest first (keyset on id) and their unread count.
  await db.schema
    .createIndex('notifications_recipient_id')
    .on('notifications')
    .columns(['recipient_id', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_recipient_group')
    .on('notifications')
    .columns(['recipient_id', 'group_key', 'id'])
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema
    .createIndex('blocks_blocked_id')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('blocks').execute();
  await db.schema.dropTable('notifications').execute();
  await db.schema.dropTable('comment_mentions').execute();
  await db.schema.dropIndex('comments_parent_id_id').execute();
  await db.schema.alterTable('comments').dropColumn('deleted_at').execute();
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
  await db.schema.alterTable('comments').dropColumn('parent_id').execute();
}
