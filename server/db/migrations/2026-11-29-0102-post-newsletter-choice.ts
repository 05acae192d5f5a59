import type { Kysely } from 'kysely';

/**
 * The writer's choice a post was published or scheduled with (docs/decisions/0065-sending-choices.md):
 * `posts.newsletter`, 'email', 'web' or 'email-only'; null for a draft never sent out and for posts
 * from before. 'email-only' keeps the post off every list (post-visibility.ts's `publiclyListed`);
 * the editor shows a scheduled post's choice from it. No index: lists filter on it after their
 * own index has found the rows, and email-only posts are few.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('newsletter', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').dropColumn('newsletter').execute();
}
