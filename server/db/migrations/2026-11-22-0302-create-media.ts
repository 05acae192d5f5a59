import type { Kysely } from 'kysely';

/**
 * Uploaded images (docs/decisions/0024-image-pipeline.md). The files live in storage (disk or
 * S3) under `media/{id}/{width}.webp`; this row says which widths exist, the picture's intrinsic
 * size and the bytes stored, which the per-user quota adds up through (owner_id, created_at).
 * A post's cover points at one row; deleting the picture's owner takes the rows with them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('media')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    /** The stored widths, ascending, joined by spaces. */
    .addColumn('widths', 'varchar(64)', (col) => col.notNull())
    .addColumn('bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('media_owner_id_created_at')
    .on('media')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .alterTable('posts')
    .addColumn('cover_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('cover_id').execute();
  await db.schema.dropTable('media').execute();
}
