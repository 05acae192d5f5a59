import type { Kysely } from 'kysely';
import { numberedSlug, slugFromName } from '../../../contracts/publications';

/**
 * Publications (docs/decisions/0044-publications-and-sites.md): every account gets its
 * own blog, teams get shared ones with roles, and a publication may claim a custom domain.
 *
 * A post's `publication_id` is null while it sits in its author's own blog: every post already
 * written is there without rewriting the posts table, and deleting a team's publication moves its
 * posts home by setting the column back to null (ON DELETE SET NULL).
 *
 * Existing accounts get their own blog here, its address made from the username (the app's rule in
 * contracts/publications.ts, imported: it only suggests addresses, so a later change to it would
 * merely suggest others on databases migrated later). Accounts that cannot be addressed by name
 * (former members, whose key is null) get none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('publications')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('slug', 'varchar(63)', (col) => col.notNull().unique())
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('description', 'varchar(2000)', (col) => col.notNull().defaultTo(''))
    .addColumn('accent_color', 'varchar(7)')
    // A picture its owner uploaded (POST /api/media); it goes if the picture does.
    .addColumn('logo_id', 'varchar(36)', (col) => col.references('media.id').onDelete('set null'))
    .addColumn('personal_user_id', 'varchar(36)', (col) =>
      col.unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('publication_members')
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addPrimaryKeyConstraint('publication_members_pk', ['publication_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('publication_members_user')
    .on('publication_members')
    .columns(['user_id', 'publication_id'])
    .execute();

  await db.schema
    .createTable('publication_invitations')
    .addColumn('id', 'varchar(36)', (col) => col.primaryKey())
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().references('publications.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'varchar(36)', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (col) => col.notNull())
    .addColumn('invited_by', 'varchar(36)', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addUniqueConstraint('publication_invitations_once', ['publication_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('publication_invitations_user')
    .on('publication_invitations')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('publication_domains')
    .addColumn('domain', 'varchar(253)', (col) => col.primaryKey())
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.notNull().unique().references('publications.id').onDelete('cascade'),
    )
    .addColumn('token', 'varchar(64)', (col) => col.notNull())
    .addColumn('state', 'varchar(10)', (col) => col.notNull())
    .addColumn('failure', 'varchar(300)')
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('posts')
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.references('publications.id').onDelete('set null'),
    )
    .execute();
  // A team's home page: its public posts, newest first, one index walk like the other lists.
  await db.schema
    .createIndex('posts_publication_time')
    .on('posts')
    .columns(['publication_id', 'published_at', 'id'])
    .execute();

  // An invitation is told in the bell like a follow: the notification names the publication.
  await db.schema
    .alterTable('notifications')
    .addColumn('publication_id', 'varchar(36)', (col) =>
      col.references('publications.id').onDelete('cascade'),
    )
    .execute();

  const users: { id: string; username: string; created_at: string }[] = await db
    .selectFrom('users')
    .select(['id', 'username', 'created_at'])
    .where('username_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  const now = new Date().toISOString();
  // Names that make an address of their own go first, so a writer called "writer" keeps
  // "writer" rather than losing it to the names that could only fall back to it.
  const own = users.filter((user) => slugFromName(user.username, '') !== '');
  const fallback = users.filter((user) => slugFromName(user.username, '') === '');
  for (const user of [...own, ...fallback]) {
    const base = slugFromName(user.username);
    let slug = base;
    for (let n = 2; taken.has(slug); n += 1) slug = numberedSlug(base, n);
    taken.add(slug);
    // The user's id doubles as their own blog's: unique, and no id generator in a frozen migration.
    await db
      .insertInto('publications')
      .values({
        id: user.id,
        slug,
        name: user.username,
        description: '',
        personal_user_id: user.id,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('publication_members')
      .values({ publication_id: user.id, user_id: user.id, role: 'owner', created_at: now })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('publication_id').execute();
  await db.schema.dropIndex('posts_publication_time').execute();
  await db.schema.alterTable('posts').dropColumn('publication_id').execute();
  await db.schema.dropTable('publication_domains').execute();
  await db.schema.dropTable('publication_invitations').execute();
  await db.schema.dropTable('publication_members').execute();
  await db.schema.dropTable('publications').execute();
}
