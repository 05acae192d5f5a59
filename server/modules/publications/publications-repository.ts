import { type Kysely, type Selectable, type Transaction } from 'kysely';
import type { GrantableRole, PublicationRole } from '../../../contracts/publications';
import type { DatabaseSchema, PublicationsTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

export type PublicationRow = Selectable<PublicationsTable> & {
  verified_domain: string | null;
  /** The logo's stored widths (media.widths), when it has one. */
  logo_widths: string | null;
};

/** The site's navigation, footer and look (decision 83): site-settings-repository.ts's to write. */
type SiteColumns = 'site_nav' | 'site_footer' | 'home_layout' | 'cover_id';

export interface MemberRow {
  user_id: string;
  username: string;
  handle: string | null;
  role: PublicationRole;
  created_at: string;
}

export interface InvitationRow {
  id: string;
  publication_id: string;
  user_id: string;
  username: string;
  role: GrantableRole;
  invited_by: string | null;
  created_at: string;
}

/** The only place that reads and writes publications, their members and invitations. */
export class PublicationsRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  private selectPublications() {
    return this.db
      .selectFrom('publications')
      .leftJoin('publication_domains', (join) =>
        join
          .onRef('publication_domains.publication_id', '=', 'publications.id')
          .on('publication_domains.state', '=', 'verified'),
      )
      .leftJoin('media', 'media.id', 'publications.logo_id')
      .selectAll('publications')
      .select(['publication_domains.domain as verified_domain', 'media.widths as logo_widths']);
  }

  findBySlug(slug: string): Promise<PublicationRow | undefined> {
    return this.selectPublications().where('publications.slug', '=', slug).executeTakeFirst();
  }

  findById(id: string): Promise<PublicationRow | undefined> {
    return this.selectPublications().where('publications.id', '=', id).executeTakeFirst();
  }

  async slugTaken(slug: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('publications')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The viewer's role in a publication; undefined when not a member. One primary-key read. */
  async roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined> {
    const row = await this.db
      .selectFrom('publication_members')
      .select('role')
      .where('publication_id', '=', publicationId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.role;
  }

  /** Owner first, then editors, then writers, each by when they joined. */
  async members(publicationId: string): Promise<MemberRow[]> {
    const rows = await this.db
      .selectFrom('publication_members')
      .innerJoin('users', 'users.id', 'publication_members.user_id')
      .select([
        'publication_members.user_id',
        'users.username',
        'users.handle',
        'publication_members.role',
        'publication_members.created_at',
      ])
      .where('publication_members.publication_id', '=', publicationId)
      .orderBy('publication_members.created_at')
      .execute();
    const rank = { owner: 0, editor: 1, writer: 2 } as const;
    return rows.sort((a, b) => rank[a.role] - rank[b.role]);
  }

  /** The user's publications, their own blog first, then by name. */
  async memberships(userId: string): Promise<{ publication: PublicationRow; role: PublicationRole }[]> {
    const rows = await this.selectPublications()
      .innerJoin('publication_members', 'publication_members.publication_id', 'publications.id')
      .select('publication_members.role as member_role')
      .where('publication_members.user_id', '=', userId)
      .orderBy('publications.name')
      .execute();
    return rows
      .map(({ member_role, ...publication }) => ({ publication, role: member_role }))
      .sort(
        (a, b) =>
          Number(b.publication.personal_user_id === userId) -
          Number(a.publication.personal_user_id === userId),
      );
  }

  /** Whether `mediaId` names a picture `userId` uploaded (a logo must be the owner's own). */
  async ownsMedia(userId: string, mediaId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('id', '=', mediaId)
      .where('owner_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(
    publication: Omit<Selectable<PublicationsTable>, 'personal_user_id' | SiteColumns>,
    ownerId: string,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('publications')
        .values({ ...publication, personal_user_id: null })
        .execute();
      await trx
        .insertInto('publication_members')
        .values({
          publication_id: publication.id,
          user_id: ownerId,
          role: 'owner',
          created_at: publication.created_at,
        })
        .execute();
    });
  }

  async update(
    id: string,
    changes: Partial<Pick<PublicationsTable, 'name' | 'description' | 'accent_color' | 'logo_id'>>,
  ): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('publications').set(changes).where('id', '=', id).execute();
  }

  /** Its posts go back to their authors' own blogs (posts.publication_id is ON DELETE SET NULL). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('publications').where('id', '=', id).execute();
  }

  async setRole(publicationId: string, userId: string, role: PublicationRole): Promise<void> {
    await this.db
      .updateTable('publication_members')
      .set({ role })
      .where('publication_id', '=', publicationId)
      .where('user_id', '=', userId)
      .execute();
  }

  async removeMember(publicationId: string, userId: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('publication_members')
      .where('publication_id', '=', publicationId)
      .where('user_id', '=', userId)
      .returning('user_id')
      .executeTakeFirst();
    return removed !== undefined;
  }

  /** The new owner takes over; the old one stays on as an editor. One transaction. */
  async transferOwnership(publicationId: string, fromUserId: string, toUserId: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('publication_members')
        .set({ role: 'editor' })
        .where('publication_id', '=', publicationId)
        .where('user_id', '=', fromUserId)
        .execute();
      await trx
        .updateTable('publication_members')
        .set({ role: 'owner' })
        .where('publication_id', '=', publicationId)
        .where('user_id', '=', toUserId)
        .execute();
    });
  }

  private selectInvitations() {
    return this.db
      .selectFrom('publication_invitations')
      .innerJoin('users', 'users.id', 'publication_invitations.user_id')
      .select([
        'publication_invitations.id',
        'publication_invitations.publication_id',
        'publication_invitations.user_id',
        'users.username',
        'publication_invitations.role',
        'publication_invitations.invited_by',
        'publication_invitations.created_at',
      ]);
  }

  invitationsOf(publicationId: string): Promise<InvitationRow[]> {
    return this.selectInvitations()
      .where('publication_invitations.publication_id', '=', publicationId)
      .orderBy('publication_invitations.created_at')
      .execute();
  }

  invitationsFor(userId: string): Promise<InvitationRow[]> {
    return this.selectInvitations()
      .where('publication_invitations.user_id', '=', userId)
      .orderBy('publication_invitations.created_at')
      .execute();
  }

  findInvitation(id: string): Promise<InvitationRow | undefined> {
    return this.selectInvitations().where('publication_invitations.id', '=', id).executeTakeFirst();
  }

  async insertInvitation(invitation: Omit<InvitationRow, 'username'>): Promise<void> {
    await this.db.insertInto('publication_invitations').values(invitation).execute();
  }

  /** The invitation, and the bell's line about it: once answered or withdrawn, it asks nothing. */
  async deleteInvitation(invitation: InvitationRow): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('publication_invitations').where('id', '=', invitation.id).execute();
      await clearInvitationNotice(trx, invitation);
    });
  }

  /** The invitee joins with the invitation's role, and the invitation is used up: together. */
  async acceptInvitation(invitation: InvitationRow, now: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx.deleteFrom('publication_invitations').where('id', '=', invitation.id).execute();
      await clearInvitationNotice(trx, invitation);
      await trx
        .insertInto('publication_members')
        .values({
          publication_id: invitation.publication_id,
          user_id: invitation.user_id,
          role: invitation.role,
          created_at: now,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    });
  }

  findUserByNameOrEmail(who: string): Promise<{ id: string; username: string } | undefined> {
    const key = who.trim().toLowerCase();
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
      .executeTakeFirst();
  }

  async findUsernameById(id: string): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('username').where('id', '=', id).executeTakeFirst();
    return row?.username ?? null;
  }

  findUserByName(username: string): Promise<{ id: string; username: string } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('username_key', '=', username.trim().toLowerCase())
      .executeTakeFirst();
  }
}

function clearInvitationNotice(
  trx: Transaction<DatabaseSchema>,
  invitation: Pick<InvitationRow, 'user_id' | 'publication_id'>,
) {
  return trx
    .deleteFrom('notifications')
    .where('recipient_id', '=', invitation.user_id)
    .where('group_key', '=', `invitation:${invitation.publication_id}`)
    .execute();
}
