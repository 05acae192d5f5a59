import type { Kysely } from 'kysely';

/**
 * Drafts and scheduled posts (docs/decisions/0023-drafts-and-scheduling.md). `published_at` is
 * the publication time: null for a draft, in the future for a scheduled post, so a scheduled post
 * becomes public by the clock alone and no job has to flip it. Existing posts were published when
 * they were written. Every public list walks one of the new (…, published_at, id) indexes
 * backwards from now; `version` counts updates so an editor's stale save can be refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('published_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('posts')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('posts')
    .set((eb) => ({ published_at: eb.ref('created_at') }))
    .execute();
  await db.schema.createIndex('posts_published_at_id').on('posts').columns(['published_at', 'id']).execute();
  await db.schema
    .createIndex('posts_author_id_published_at_id')
    .on('posts')
    .columns(['author_id', 'published_at', 'id'])
    .execute();
  // The writer's drafts list, newest edit first.
  await db.schema
    .createIndex('posts_author_id_updated_at_id')
    .on('posts')
    .columns(['author_id', 'updated_at', 'id'])
    .execute();

  // A topic's page walks (tag, published_at, post_id); drafts carry no post_tags rows at all.
  await db.schema.alterTable('post_tags').addColumn('published_at', 'varchar(32)').execute();
  await db
    .updateTable('post_tags')
    .set((eb) => ({
      published_at: eb
        .selectFrom('posts')
        .select('posts.published_at')
        .whereRef('posts.id', '=', 'post_tags.post_id'),
    }))
    .execute();
  await db.schema
    .createIndex('post_tags_tag_published_at_post_id')
    .on('post_tags')
    .columns(['tag', 'published_at', 'post_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('post_tags_tag_published_at_post_id').execute();
  await db.schema.alterTable('post_tags').dropColumn('published_at').execute();
  await db.schema.dropIndex('posts_author_id_updated_at_id').execute();
  await db.schema.dropIndex('posts_author_id_published_at_id').execute();
  await db.schema.dropIndex('posts_published_at_id').execute();
  await db.schema.alterTable('posts').dropColumn('version').execute();
  await db.schema.alterTable('posts').dropColumn('published_at').execute();
}
