import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  EDITOR_ROLE_MESSAGE,
  EDITORS_ONLY_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITEE_NOT_FOUND_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  OWNER_CANNOT_LEAVE_MESSAGE,
  PERSONAL_PUBLICATION_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  type GrantableRole,
  type Invitation,
  type InvitationCreateInput,
  type Membership,
  type PublicationDetails,
} from '../../../contracts/publications';
import type { Viewer } from '../accounts/authenticator';
import { nowIso } from '../../lib/clock';
import { DuplicateKey } from '../../lib/constraint-violations';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import type { PublicationRow, PublicationsRepository } from './publications-repository';
import type { PublicationsService } from './publications-service';

// Named fields, so the web app's forms show each refusal beside the field it is about.
export const TOO_MANY_INVITATIONS_MESSAGE = 'You are sending invitations too fast. Please try again later.';

/**
 * A publication's people: its members and their roles, invitations, handing the publication over.
 * The owner does everything, editors manage writers and invitations; a role is read from the
 * database on every request (through the publications service), so a removal takes effect at once.
 */
export class PublicationMembersService {
  private readonly invitationsByUser: RateLimiter;

  constructor(
    private readonly repository: PublicationsRepository,
    private readonly publications: Pick<
      PublicationsService,
      'find' | 'requireRole' | 'toPublication' | 'details'
    >,
    private readonly notifications: Pick<NotificationsRepository, 'add'> | undefined,
    limiters: RateLimiters<'invitationsPerUser'>,
  ) {
    this.invitationsByUser = limiters.limiter('invitationsPerUser');
  }

  async memberships(viewer: Viewer): Promise<Membership[]> {
    const rows = await this.repository.memberships(viewer.id);
    return rows.map(({ publication, role }) => ({
      publication: this.publications.toPublication(publication),
      role,
    }));
  }

  async invitationsFor(viewer: Viewer): Promise<Invitation[]> {
    return this.withPublications(await this.repository.invitationsFor(viewer.id));
  }

  async invitationsOf(viewer: Viewer, slug: string): Promise<Invitation[]> {
    const row = await this.publications.requireRole(viewer, slug, 'editor');
    return this.withPublications(await this.repository.invitationsOf(row.id), row);
  }

  async invite(viewer: Viewer, slug: string, input: InvitationCreateInput): Promise<Invitation> {
    const row = await this.publications.requireRole(viewer, slug, 'editor');
    const invitee = await this.repository.findUserByNameOrEmail(input.who);
    // Said the same way for an unknown email as for an unknown name: nothing is revealed that
    // the public profiles do not already show.
    if (!invitee) throw badRequest(INVITEE_NOT_FOUND_MESSAGE, { who: [INVITEE_NOT_FOUND_MESSAGE] });
    if (await this.repository.roleOf(row.id, invitee.id))
      throw conflict(ALREADY_MEMBER_MESSAGE, { who: [ALREADY_MEMBER_MESSAGE] });
    await this.invitationsByUser.spend(viewer.id, TOO_MANY_INVITATIONS_MESSAGE);
    const invitation = {
      id: uuidv7(),
      publication_id: row.id,
      user_id: invitee.id,
      role: input.role,
      invited_by: viewer.id,
      created_at: nowIso(),
    };
    try {
      await this.repository.insertInvitation(invitation);
    } catch (error) {
      if (error instanceof DuplicateKey)
        throw conflict(ALREADY_INVITED_MESSAGE, { who: [ALREADY_INVITED_MESSAGE] });
      throw error;
    }
    // The invitee hears of it in the bell (their blocks apply, as to every notification).
    await this.notifications?.add([
      {
        recipientId: invitee.id,
        actorId: viewer.id,
        kind: 'invitation',
        postId: null,
        commentId: null,
        publicationId: row.id,
        groupKey: `invitation:${row.id}`,
      },
    ]);
    return this.toInvitation({ ...invitation, username: invitee.username }, row, viewer.username);
  }

  async revokeInvitation(viewer: Viewer, slug: string, id: string): Promise<void> {
    const row = await this.publications.requireRole(viewer, slug, 'editor');
    const invitation = await this.repository.findInvitation(id);
    if (!invitation || invitation.publication_id !== row.id) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    await this.repository.deleteInvitation(invitation);
  }

  async accept(viewer: Viewer, id: string): Promise<Membership> {
    const invitation = await this.ownInvitation(viewer, id);
    await this.repository.acceptInvitation(invitation, nowIso());
    const row = await this.repository.findById(invitation.publication_id);
    if (!row) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
    return { publication: this.publications.toPublication(row), role: invitation.role };
  }

  async decline(viewer: Viewer, id: string): Promise<void> {
    await this.repository.deleteInvitation(await this.ownInvitation(viewer, id));
  }

  async setRole(
    viewer: Viewer,
    slug: string,
    username: string,
    role: GrantableRole,
  ): Promise<PublicationDetails> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    const member = await this.member(row, username);
    if (member.role === 'owner') throw conflict(OWNER_CANNOT_LEAVE_MESSAGE);
    await this.repository.setRole(row.id, member.userId, role);
    return this.publications.details(row);
  }

  /**
   * Leaving (one's own name) or removing someone: the owner removes anyone but themselves, an
   * editor removes writers; the owner cannot leave before handing the publication over.
   */
  async removeMember(viewer: Viewer, slug: string, username: string): Promise<void> {
    const row = await this.publications.find(slug);
    const viewerRole = await this.repository.roleOf(row.id, viewer.id);
    if (!viewerRole) throw forbidden(NOT_A_MEMBER_MESSAGE);
    const member = await this.member(row, username);
    if (member.userId === viewer.id) {
      if (viewerRole === 'owner') throw conflict(OWNER_CANNOT_LEAVE_MESSAGE);
    } else if (viewerRole === 'editor') {
      if (member.role !== 'writer') throw forbidden(EDITOR_ROLE_MESSAGE);
    } else if (viewerRole !== 'owner') {
      throw forbidden(EDITORS_ONLY_MESSAGE);
    }
    await this.repository.removeMember(row.id, member.userId);
  }

  async transfer(viewer: Viewer, slug: string, username: string): Promise<PublicationDetails> {
    const row = await this.publications.requireRole(viewer, slug, 'owner');
    if (row.personal_user_id !== null) throw conflict(PERSONAL_PUBLICATION_MESSAGE);
    const member = await this.member(row, username);
    if (member.userId !== viewer.id)
      await this.repository.transferOwnership(row.id, viewer.id, member.userId);
    return this.publications.details(row);
  }

  private async member(row: PublicationRow, username: string) {
    const user = await this.repository.findUserByName(username);
    const role = user && (await this.repository.roleOf(row.id, user.id));
    if (!user || !role) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    return { userId: user.id, role };
  }

  private async ownInvitation(viewer: Viewer, id: string) {
    const invitation = await this.repository.findInvitation(id);
    if (!invitation || invitation.user_id !== viewer.id) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    return invitation;
  }

  private async withPublications(
    rows: Awaited<ReturnType<PublicationsRepository['invitationsFor']>>,
    known?: PublicationRow,
  ): Promise<Invitation[]> {
    const invitations: Invitation[] = [];
    for (const row of rows) {
      const publication = known ?? (await this.repository.findById(row.publication_id));
      if (!publication) continue;
      const inviter = row.invited_by ? await this.repository.findUsernameById(row.invited_by) : null;
      invitations.push(this.toInvitation(row, publication, inviter));
    }
    return invitations;
  }

  private toInvitation(
    row: { id: string; username: string; role: GrantableRole; created_at: string },
    publication: PublicationRow,
    invitedBy: string | null,
  ): Invitation {
    return {
      id: row.id,
      publication: this.publications.toPublication(publication),
      username: row.username,
      role: row.role,
      invitedBy,
      createdAt: row.created_at,
    };
  }
}
