import type { Kysely } from 'kysely';

/**
 * The writer's default choice for a post published without one (docs/decisions/0061 and 0065):
 * `newsletter_settings.default_delivery`, 'email' or 'web'; null (and no row) means 'email', the
 * default the issue asks for, so existing lists keep emailing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_settings').addColumn('default_delivery', 'varchar(16)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('newsletter_settings').dropColumn('default_delivery').execute();
}
