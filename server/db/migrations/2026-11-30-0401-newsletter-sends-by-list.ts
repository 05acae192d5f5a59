import type { Kysely } from 'kysely';

/**
 * A list's emailed posts, newest first (the Subscribers page's "Posts emailed" and the Stats page's
 * newsletter, docs/decisions/0088-newsletter-figures-beside-the-stats.md), read through an index
 * on the list and the time the email was asked for instead of every list's sends. Frozen:
 * Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('newsletter_sends_list_created')
    .on('newsletter_sends')
    .columns(['publication_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_sends_list_created').execute();
}
