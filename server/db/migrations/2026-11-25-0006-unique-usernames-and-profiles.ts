import type { Kysely } from 'kysely';

/**
 * For the RealWorld API, which addresses people by name (docs/decisions/0040-conduit-api.md): usernames become unique without regard to
 * case, because profiles and the Conduit API address people by name; a profile gains a bio and a
 * picture's address.
 *
 * `username_key` is the lower-cased name, unique. Null means "not addressable by name": accounts
 * deleted with their posts kept ("former member", all sharing that name).
 * Names that already collide are settled deterministically: the oldest account (created_at, then
 * id) keeps its name; each later one gets the first free "-2", "-3", … suffix, checked against
 * every name in use, and cut to fit the 40-character limit.
 *
 * The key is worked out here in JavaScript, like the app's own rule, because SQLite's lower()
 * only folds ASCII. Frozen: Kysely<any>, no app imports (so the rule is repeated, on purpose).
 */
const USERNAME_MAX = 40;
const FORMER_MEMBER_NAME = 'former member';

const keyOf = (username: string) => username.toLowerCase();

interface UserRow {
  id: string;
  username: string;
  email_key: string;
  password_hash: string | null;
  created_at: string;
}

/** Not addressable by name: left with a null key (see above). */
function isUnaddressable(user: UserRow): boolean {
  return (
    user.password_hash === null &&
    user.username === FORMER_MEMBER_NAME &&
    /^deleted-.*@invalid$/.test(user.email_key)
  );
}

/** The first `name-N` (N from 2) whose key nobody holds, cut so it stays within USERNAME_MAX. */
function freeName(name: string, taken: Set<string>): string {
  for (let n = 2; ; n += 1) {
    const suffix = `-${n}`;
    const candidate = `${Array.from(name)
      .slice(0, USERNAME_MAX - suffix.length)
      .join('')
      .trimEnd()}${suffix}`;
    if (!taken.has(keyOf(candidate))) return candidate;
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_key', 'varchar(128)').execute();
  await db.schema.alterTable('users').addColumn('bio', 'varchar(1000)').execute();
  await db.schema.alterTable('users').addColumn('image', 'varchar(2000)').execute();

  const users: UserRow[] = await db
    .selectFrom('users')
    .select(['id', 'username', 'email_key', 'password_hash', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const addressable = users.filter((user) => !isUnaddressable(user));
  // Every name in use, first: a renamed account must not take a name a later account already has.
  const taken = new Set(addressable.map((user) => keyOf(user.username)));
  const kept = new Set<string>();
  for (const user of addressable) {
    let username = user.username;
    if (kept.has(keyOf(username))) {
      username = freeName(username, taken);
      taken.add(keyOf(username));
    }
    kept.add(keyOf(username));
    await db
      .updateTable('users')
      .set({ username, username_key: keyOf(username) })
      .where('id', '=', user.id)
      .execute();
  }

  await db.schema.createIndex('users_username_key').unique().on('users').column('username_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_key').execute();
  await db.schema.alterTable('users').dropColumn('image').execute();
  await db.schema.alterTable('users').dropColumn('bio').execute();
  await db.schema.alterTable('users').dropColumn('username_key').execute();
}
