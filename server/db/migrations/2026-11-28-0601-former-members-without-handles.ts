import type { Kysely } from 'kysely';

/**
 * A former member has no handle (docs/decisions/0051-handles.md): the handle was the person's, and
 * their posts kept under "former member" must not say who wrote them. Accounts deleted between the
 * handles' migration and this one kept theirs; a former member is the row whose name key is gone.
 * Frozen: Kysely<any>, no app imports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.updateTable('users').set({ handle: null }).where('username_key', 'is', null).execute();
}

export async function down(): Promise<void> {
  // The handles are gone with the people they named: nothing to put back.
}
