import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    // The primary key is what makes a second favorite by the same reader impossible.
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'post_id'])
    .execute();
  await db.schema.createIndex('favorites_post_id').on('favorites').column('post_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favorites').execute();
}
