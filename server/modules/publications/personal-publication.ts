import type { Kysely, Transaction } from 'kysely';
import { numberedSlug, slugFromName } from '../../../contracts/publications';
import type { DatabaseSchema } from '../../db/schema';
import { DuplicateKey } from '../../lib/constraint-violations';

type Db = Kysely<DatabaseSchema> | Transaction<DatabaseSchema>;

/**
 * Every account's own blog, made with the account. Its id is the user's: the blog a
 * post sits in while its `publication_id` is null is then `coalesce(publication_id, author_id)`.
 * The address comes from the name, numbered when taken; two sign-ups racing for one address are
 * settled by the unique index (see `isSlugCollision`).
 */
export async function insertPersonalPublication(
  db: Db,
  user: { id: string; username: string; created_at: string },
): Promise<void> {
  await db
    .insertInto('publications')
    .values({
      id: user.id,
      slug: await freeSlug(db, slugFromName(user.username)),
      name: user.username,
      description: '',
      personal_user_id: user.id,
      created_at: user.created_at,
    })
    .execute();
  await db
    .insertInto('publication_members')
    .values({ publication_id: user.id, user_id: user.id, role: 'owner', created_at: user.created_at })
    .execute();
}

/**
 * A writer's rename, carried to their own blog (inside the rename's transaction): the blog is named
 * after them at sign-up, so it takes the new name at once, on its site, in its feeds and on posts.
 * A name the writer gave the blog themselves (anything but their old name) stays. Its address does
 * not change: links to it keep working.
 */
export async function renamePersonalPublication(
  db: Db,
  userId: string,
  oldName: string,
  newName: string,
): Promise<void> {
  await db
    .updateTable('publications')
    .set({ name: newName })
    .where('personal_user_id', '=', userId)
    .where('name', '=', oldName)
    .execute();
}

/** `base`, or the first `base-N` nobody holds: one indexed range read of the slugs starting so. */
async function freeSlug(db: Db, base: string): Promise<string> {
  const rows = await db
    .selectFrom('publications')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = numberedSlug(base, n);
  return slug;
}

/** Whether a unique violation was the publications' address (and a retry would pick another). */
export function isSlugCollision(error: unknown): boolean {
  // PostgreSQL's publications_slug_key, SQLite's publications.slug.
  return error instanceof DuplicateKey && /publications.slug/.test(error.constraint);
}
