import { sql, type Kysely } from 'kysely';

/**
 * Co-authors (docs/decisions/0085-co-authors.md): a post's writers after its first, who stays
 * posts.author_id. One row per invited writer: `state` 'pending' until they answer, then
 * 'accepted' (a co-author, shown in every byline in `accepted_at` order) or 'declined'. At most
 * three rows pending or accepted per post (four authors in all): the service keeps that rule under
 * the post's lock. (user_id, state, post_id) answers "my invitations" and "posts I co-wrote" from
 * the index. Deleting the post or the writer deletes the row.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('post_authors')
    .addColumn('post_id', 'varchar(36)', (col) => col.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('invited_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('accepted_at', 'varchar(32)')
    .addColumn('answered_at', 'varchar(32)')
    .addPrimaryKeyConstraint('post_authors_pk', ['post_id', 'user_id'])
    .addCheckConstraint('post_authors_state', sql`state in ('pending', 'accepted', 'declined')`)
    .execute();
  await db.schema
    .createIndex('post_authors_by_user')
    .on('post_authors')
    .columns(['user_id', 'state', 'post_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_authors').execute();
}
