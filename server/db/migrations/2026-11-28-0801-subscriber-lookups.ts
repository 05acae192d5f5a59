import { sql, type Kysely } from 'kysely';

/**
 * What the Subscribers page reads of a list of up to 100,000 addresses without scanning it
 * (docs/decisions/0062-newsletter-subscribers-page.md): the search by address prefix, case
 * ignored, and the import's "is this address on the list already, in any case", through
 * `lower(email)`; the growth chart's new and departed addresses per day, through the times they
 * became active and left. Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // An expression index: SQLite and PostgreSQL both use it for `lower(email)` in a WHERE or ORDER BY.
  await sql`create index newsletter_subscriptions_list_email_lower on newsletter_subscriptions (publication_id, lower(email))`.execute(
    db,
  );
  await db.schema
    .createIndex('newsletter_subscriptions_list_confirmed')
    .on('newsletter_subscriptions')
    .columns(['publication_id', 'confirmed_at'])
    .execute();
  await db.schema
    .createIndex('newsletter_subscriptions_list_unsubscribed')
    .on('newsletter_subscriptions')
    .columns(['publication_id', 'unsubscribed_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('newsletter_subscriptions_list_unsubscribed').execute();
  await db.schema.dropIndex('newsletter_subscriptions_list_confirmed').execute();
  await db.schema.dropIndex('newsletter_subscriptions_list_email_lower').execute();
}
