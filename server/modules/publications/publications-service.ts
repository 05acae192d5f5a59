import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  DELETE_CONFIRMATION_MESSAGE,
  EDITOR_ROLE_MESSAGE,
  EDITORS_ONLY_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITEE_NOT_FOUND_MESSAGE,
  LOGO_NOT_FOUND_MESSAGE,
  MEMBER_NOT_FOUND_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  OWNER_CANNOT_LEAVE_MESSAGE,
  OWNER_ONLY_MESSAGE,
  PERSONAL_PUBLICATION_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type GrantableRole,
  type Invitation,
  type InvitationCreateInput,
  type Membership,
  type Publication,
  type PublicationCreateInput,
  type PublicationDetails,
  type PublicationRole,
  type PublicationUpdateInput,
  roleAtLeast,
} from '../../../contracts/publications';
import { mediaUrl } from '../../../contracts/media';
import { DuplicateKey } from '../../lib/constraint-violations';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import type { PublicationUrls } from './publication-urls';
import type { PublicationRow, PublicationsRepository } from './publications-repository';

/** Told when the set of verified custom domains changes (the host router's map). */
export interface DomainListener {
  domainsChanged(): Promise<void>;
}

/**
 * Publication rules, all enforced here: the owner does everything, editors
 * manage writers and invitations, members write; a role is read from the database on every
 * request, so a removal takes effect at once, open sessions included.
 */
export class PublicationsService {
  private readonly createdByUser: RateLimiter;
  private readonly invitationsByUser: RateLimiter;

  constructor(
    private readonly publications: PublicationsRepository,
    readonly urls: PublicationUrls,
    private readonly domainListener: DomainListener | undefined,
    private readonly notifications: Pick<NotificationsRepository, 'add'> | undefined,
    limiters: RateLimiters<'publicationsPerUser' | 'invitationsPerUser'>,
  ) {
    this.createdByUser = limiters.limiter('publicationsPerUser');
    this.invitationsByUser = limiters.limiter('invitationsPerUser');
  }

  toPublication(row: PublicationRow): Publication {
    return {
      id: row.id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      accentColor: row.accent_color,
      logoUrl: logoUrlOf(row),
      personal: row.personal_user_id !== null,
      url: this.urls.siteUrl(row),
      createdAt: row.created_at,
    };
  }

  async details(row: PublicationRow): Promise<PublicationDetails> {
    const members = await this.publications.members(row.id);
    return {
      ...this.toPublication(row),
      members: members.map((member) => ({
        username: member.username,
        role: member.role,
        since: member.created_at,
      })),
    };
  }

  /** Each member's user id by their name (for links to their profiles). */
  async memberIds(publicationId: string): Promise<Map<string, string>> {
    const members = await this.publications.members(publicationId);
    return new Map(members.map((member) => [member.username, member.user_id]));
  }

  async find(slug: string): Promise<PublicationRow> {
    const row = await this.publications.findBySlug(slug);
    if (!row) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
    return row;
  }

  findBySlug(slug: string): Promise<PublicationRow | undefined> {
    return this.publications.findBySlug(slug);
  }

  findById(id: string): Promise<PublicationRow | undefined> {
    return this.publications.findById(id);
  }

  roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined> {
    return this.publications.roleOf(publicationId, userId);
  }

  async get(slug: string): Promise<PublicationDetails> {
    return this.details(await this.find(slug));
  }

  async create(viewer: Viewer, input: PublicationCreateInput): Promise<PublicationDetails> {
    if (await this.publications.slugTaken(input.slug)) throw slugTaken();
    if (input.logoId) await this.requireOwnLogo(viewer, input.logoId);
    // Counted once the request is known to be valid: a refused attempt is not a publication.
    await this.createdByUser.spend(viewer.id, TOO_MANY_PUBLICATIONS_MESSAGE);
    const id = uuidv7();
    try {
      await this.publications.insert(
        {
          id,
          slug: input.slug,
          name: input.name,
          description: input.description ?? '',
          accent_color: input.accentColor ?? null,
          logo_id: input.logoId ?? null,
          created_at: nowIso(),
        },
        viewer.id,
      );
    } catch (error) {
      if (error instanceof DuplicateKey) throw slugTaken();
      throw error;
    }
    return this.get(input.slug);
  }

  async update(viewer: Viewer, slug: string, input: PublicationUpdateInput): Promise<PublicationDetails> {
    const row = await this.requireRole(viewer, slug, 'owner');
    if (input.logoId) await this.requireOwnLogo(viewer, input.logoId);
    await this.publications.update(row.id, {
      ...(input.logoId === undefined ? {} : { logo_id: input.logoId }),
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.accentColor === undefined ? {} : { accent_color: input.accentColor }),
    });
    return this.get(slug);
  }

  /** After the owner types the address: its posts go back to their authors' own blogs. */
  async delete(viewer: Viewer, slug: string, confirm: string): Promise<void> {
    const row = await this.requireRole(viewer, slug, 'owner');
    if (row.personal_user_id !== null) throw conflict(PERSONAL_PUBLICATION_MESSAGE);
    if (confirm !== row.slug) {
      throw badRequest(DELETE_CONFIRMATION_MESSAGE, { confirm: [DELETE_CONFIRMATION_MESSAGE] });
    }
    await this.publications.delete(row.id);
    if (row.verified_domain) await this.domainListener?.domainsChanged();
  }

  async memberships(viewer: Viewer): Promise<Membership[]> {
    const rows = await this.publications.memberships(viewer.id);
    return rows.map(({ publication, role }) => ({ publication: this.toPublication(publication), role }));
  }

  async invitationsFor(viewer: Viewer): Promise<Invitation[]> {
    return this.withPublications(await this.publications.invitationsFor(viewer.id));
  }

  async invitationsOf(viewer: Viewer, slug: string): Promise<Invitation[]> {
    const row = await this.requireRole(viewer, slug, 'editor');
    return this.withPublications(await this.publications.invitationsOf(row.id), row);
  }

  async invite(viewer: Viewer, slug: string, input: InvitationCreateInput): Promise<Invitation> {
    const row = await this.requireRole(viewer, slug, 'editor');
    const invitee = await this.publications.findUserByNameOrEmail(input.who);
    // Said the same way for an unknown email as for an unknown name: nothing is revealed that
    // the public profiles do not already show.
    if (!invitee) throw badRequest(INVITEE_NOT_FOUND_MESSAGE, { who: [INVITEE_NOT_FOUND_MESSAGE] });
    if (await this.publications.roleOf(row.id, invitee.id))
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
      await this.publications.insertInvitation(invitation);
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
    const row = await this.requireRole(viewer, slug, 'editor');
    const invitation = await this.publications.findInvitation(id);
    if (!invitation || invitation.publication_id !== row.id) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    await this.publications.deleteInvitation(invitation);
  }

  async accept(viewer: Viewer, id: string): Promise<Membership> {
    const invitation = await this.ownInvitation(viewer, id);
    await this.publications.acceptInvitation(invitation, nowIso());
    const row = await this.publications.findById(invitation.publication_id);
    if (!row) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
    return { publication: this.toPublication(row), role: invitation.role };
  }

  async decline(viewer: Viewer, id: string): Promise<void> {
    await this.publications.deleteInvitation(await this.ownInvitation(viewer, id));
  }

  async setRole(
    viewer: Viewer,
    slug: string,
    username: string,
    role: GrantableRole,
  ): Promise<PublicationDetails> {
    const row = await this.requireRole(viewer, slug, 'owner');
    const member = await this.member(row, username);
    if (member.role === 'owner') throw conflict(OWNER_CANNOT_LEAVE_MESSAGE);
    await this.publications.setRole(row.id, member.userId, role);
    return this.details(row);
  }

  /**
   * Leaving (one's own name) or removing someone: the owner removes anyone but themselves, an
   * editor removes writers; the owner cannot leave before handing the publication over.
   */
  async removeMember(viewer: Viewer, slug: string, username: string): Promise<void> {
    const row = await this.find(slug);
    const viewerRole = await this.publications.roleOf(row.id, viewer.id);
    if (!viewerRole) throw forbidden(NOT_A_MEMBER_MESSAGE);
    const member = await this.member(row, username);
    if (member.userId === viewer.id) {
      if (viewerRole === 'owner') throw conflict(OWNER_CANNOT_LEAVE_MESSAGE);
    } else if (viewerRole === 'editor') {
      if (member.role !== 'writer') throw forbidden(EDITOR_ROLE_MESSAGE);
    } else if (viewerRole !== 'owner') {
      throw forbidden(EDITORS_ONLY_MESSAGE);
    }
    await this.publications.removeMember(row.id, member.userId);
  }

  async transfer(viewer: Viewer, slug: string, username: string): Promise<PublicationDetails> {
    const row = await this.requireRole(viewer, slug, 'owner');
    if (row.personal_user_id !== null) throw conflict(PERSONAL_PUBLICATION_MESSAGE);
    const member = await this.member(row, username);
    if (member.userId !== viewer.id)
      await this.publications.transferOwnership(row.id, viewer.id, member.userId);
    return this.details(row);
  }

  /** The publication, when the viewer holds at least `minimum` in it: else 403 (404 if unknown). */
  async requireRole(viewer: Viewer, slug: string, minimum: PublicationRole): Promise<PublicationRow> {
    const row = await this.find(slug);
    const role = await this.publications.roleOf(row.id, viewer.id);
    if (!role) throw forbidden(NOT_A_MEMBER_MESSAGE);
    if (!roleAtLeast(role, minimum))
      throw forbidden(minimum === 'owner' ? OWNER_ONLY_MESSAGE : EDITORS_ONLY_MESSAGE);
    return row;
  }

  private async requireOwnLogo(viewer: Viewer, logoId: string): Promise<void> {
    if (!(await this.publications.ownsMedia(viewer.id, logoId))) {
      throw badRequest(LOGO_NOT_FOUND_MESSAGE, { logoId: [LOGO_NOT_FOUND_MESSAGE] });
    }
  }

  private async member(row: PublicationRow, username: string) {
    const user = await this.publications.findUserByName(username);
    const role = user && (await this.publications.roleOf(row.id, user.id));
    if (!user || !role) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    return { userId: user.id, role };
  }

  private async ownInvitation(viewer: Viewer, id: string) {
    const invitation = await this.publications.findInvitation(id);
    if (!invitation || invitation.user_id !== viewer.id) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
    return invitation;
  }

  private async withPublications(
    rows: Awaited<ReturnType<PublicationsRepository['invitationsFor']>>,
    known?: PublicationRow,
  ): Promise<Invitation[]> {
    const invitations: Invitation[] = [];
    for (const row of rows) {
      const publication = known ?? (await this.publications.findById(row.publication_id));
      if (!publication) continue;
      const inviter = row.invited_by ? await this.publications.findUsernameById(row.invited_by) : null;
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
      publication: this.toPublication(publication),
      username: row.username,
      role: row.role,
      invitedBy,
      createdAt: row.created_at,
    };
  }
}

// Named fields, so the web app's forms show each refusal beside the field it is about.
export const TOO_MANY_PUBLICATIONS_MESSAGE =
  'You are starting publications too fast. Please try again later.';
export const TOO_MANY_INVITATIONS_MESSAGE = 'You are sending invitations too fast. Please try again later.';

const slugTaken = () => conflict(SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });

/** The logo's smallest stored width: it is shown a few dozen pixels high. */
function logoUrlOf(row: PublicationRow): string | null {
  if (row.logo_id === null || row.logo_widths === null) return null;
  const smallest = Number(row.logo_widths.split(' ')[0]);
  return Number.isFinite(smallest) ? mediaUrl(row.logo_id, smallest) : null;
}
