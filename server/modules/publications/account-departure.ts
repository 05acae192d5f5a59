import type { Transaction } from 'kysely';
import { FORMER_MEMBER_NAME } from '../../../contracts/auth';
import type { DatabaseSchema } from '../../db/schema';

/**
 * What an account's deletion does to publications, inside the deletion's transaction:
 * - each team publication it owned passes to its longest-standing editor, else writer; one left
 *   with no other member is deleted (its posts go back to their authors' blogs);
 * - it leaves every other publication;
 * - its own blog goes with the user row (`delete`), or (`keep`, posts signed "former member")
 *   stays for those posts but loses every trace of the person: name, address, description,
 *   colour, logo and custom domain.
 */
export async function releasePublicationsOf(
  trx: Transaction<DatabaseSchema>,
  userId: string,
  content: 'delete' | 'keep',
): Promise<void> {
  const owned = await trx
    .selectFrom('publication_members')
    .innerJoin('publications', 'publications.id', 'publication_members.publication_id')
    .select('publications.id')
    .where('publication_members.user_id', '=', userId)
    .where('publication_members.role', '=', 'owner')
    .where('publications.personal_user_id', 'is', null)
    .execute();
  for (const { id } of owned) {
    const heirs = await trx
      .selectFrom('publication_members')
      .select(['user_id', 'role', 'created_at'])
      .where('publication_id', '=', id)
      .where('user_id', '!=', userId)
      .execute();
    heirs.sort(
      (a, b) =>
        Number(a.role !== 'editor') - Number(b.role !== 'editor') || a.created_at.localeCompare(b.created_at),
    );
    const heir = heirs[0];
    if (heir) {
      await trx
        .updateTable('publication_members')
        .set({ role: 'owner' })
        .where('publication_id', '=', id)
        .where('user_id', '=', heir.user_id)
        .execute();
    } else {
      await trx.deleteFrom('publications').where('id', '=', id).execute();
    }
  }
  await trx
    .deleteFrom('publication_members')
    .where('user_id', '=', userId)
    .where('publication_id', '!=', userId)
    .execute();
  await trx.deleteFrom('publication_invitations').where('user_id', '=', userId).execute();
  if (content === 'keep') {
    await trx.deleteFrom('publication_domains').where('publication_id', '=', userId).execute();
    await trx
      .updateTable('publications')
      .set({
        // The address was made from the name: it goes too, for one that says nothing of anyone.
        slug: `former-member-${userId.replace(/-/g, '').slice(-12)}`,
        name: FORMER_MEMBER_NAME,
        description: '',
        accent_color: null,
        logo_id: null,
      })
      .where('id', '=', userId)
      .execute();
  }
}
