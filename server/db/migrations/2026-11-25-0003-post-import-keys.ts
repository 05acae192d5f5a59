import type { Kysely } from 'kysely';

/**
 * A post brought in by `npm run import` remembers the item it came from ("ghost:<uuid>",
 * "file:<path>", "inkwell:<id>"), unique per author, so running the same import again creates no
 * duplicates. Null for everything written in Inkwell (NULLs never collide in a unique index).
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('import_key', 'varchar(200)').execute();
  await db.schema
    .createIndex('posts_author_id_import_key')
    .unique()
    .on('posts')
    .columns(['author_id', 'import_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('posts_author_id_import_key').execute();
  await db.schema.alterTable('posts').dropColumn('import_key').execute();
}
