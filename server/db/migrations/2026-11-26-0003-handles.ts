import type { Kysely } from 'kysely';

/**
 * Every account gets a handle (docs/decisions/0051-handles.md): lowercase letters, digits and `_`,
 * unique. Existing accounts get the one sign-up would propose from their name (accents dropped,
 * other characters runs of `_`, "writer" when nothing is left), oldest account first (created_at,
 * then id); when it is taken, the first free numbered one (bob_reader2, bob_reader3, …). Accounts
 * with a null username key (former members) get none. The rule is repeated from
 * contracts/handles.ts on purpose: a migration is frozen and imports no app code.
 */
const HANDLE_MIN = 2;
const HANDLE_MAX = 30;

function proposeHandle(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, HANDLE_MAX - 4)
    .replace(/_+$/, '');
  return base.length >= HANDLE_MIN ? base : 'writer';
}

function numberedHandle(base: string, n: number): string {
  const suffix = String(n);
  return `${base.slice(0, HANDLE_MAX - suffix.length)}${suffix}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('handle', 'varchar(30)').execute();
  const users: { id: string; username: string }[] = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username_key', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const taken = new Set<string>();
  for (const user of users) {
    const base = proposeHandle(user.username);
    let handle = base;
    for (let n = 2; taken.has(handle); n += 1) handle = numberedHandle(base, n);
    taken.add(handle);
    await db.updateTable('users').set({ handle }).where('id', '=', user.id).execute();
  }
  await db.schema.createIndex('users_handle').unique().on('users').column('handle').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_handle').execute();
  await db.schema.alterTable('users').dropColumn('handle').execute();
}
