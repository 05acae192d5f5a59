import type { Kysely } from 'kysely';

/**
 * Names that differ only in Unicode normalisation, case folding or invisible characters ("café"
 * with U+00E9 and with "e" + U+0301; "Bob" and "Bob" + U+200B) are one name. Every addressable
 * account's name is stored in NFC and its `username_key` recomputed as the NFKC case-folded form
 * without default-ignorable characters (the app's `usernameKey` in contracts/auth.ts; repeated
 * here on purpose, since a migration is frozen and imports no app code).
 *
 * On a collision the oldest account (created_at, then id) keeps its name; each later one is
 * renamed to the first free "-2", "-3", … (checked against every key in use, cut to fit the
 * 40-character limit), as migration 2026-11-25-0006 did. Names holding characters the app now
 * refuses (controls, bidi controls, invisible ones) are kept as they are: the key ignores the
 * invisible ones, so they cannot pass for another name. Accounts with a null key (former members)
 * are left alone. `down` leaves names and keys as they are: the new keys are still unique.
 */
const USERNAME_MAX = 40;
const IGNORED_IN_KEYS = /\p{Default_Ignorable_Code_Point}/gu;

const keyOf = (username: string) =>
  username.normalize('NFKC').replace(IGNORED_IN_KEYS, '').toUpperCase().toLowerCase().normalize('NFKC');

interface UserRow {
  id: string;
  username: string;
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
  const users: UserRow[] = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  // Every key in use first, so a renamed account never takes the name of a later one.
  const taken = new Set(users.map((user) => keyOf(user.username)));
  const kept = new Set<string>();
  const settled = users.map((user) => {
    let username = user.username.normalize('NFC');
    if (kept.has(keyOf(username))) {
      username = freeName(username, taken);
      taken.add(keyOf(username));
    }
    kept.add(keyOf(username));
    return { id: user.id, username, key: keyOf(username) };
  });
  // Cleared first: a new key may equal another account's old one until that account is done.
  await db.updateTable('users').set({ username_key: null }).where('username_key', 'is not', null).execute();
  for (const user of settled) {
    await db
      .updateTable('users')
      .set({ username: user.username, username_key: user.key })
      .where('id', '=', user.id)
      .execute();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the keys stay unique under the older, lower-cased rule's index.
}
