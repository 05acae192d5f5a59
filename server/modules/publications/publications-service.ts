import { randomBytes } from 'node:crypto';
import {
  ALREADY_INVITED_MESSAGE,
  ALREADY_MEMBER_MESSAGE,
  DELETE_CONFIRMATION_MESSAGE,
  DOMAIN_NOT_FOUND_MESSAGE,
  DOMAIN_OURS_MESSAGE,
  DOMAIN_TAKEN_MESSAGE,
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
  type DomainState,
  type DomainStatus,
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
import type { Viewer } from '../../lib/authenticator';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import {
  challengeName,
  challengeValue,
  nextDomainState,
  verifyDomain,
  type TxtLookup,
} from './domain-verifier';
import { pointingRecords } from './domain-pointing';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import type { PublicationUrls } from './publication-urls';
import type { DomainRow, PublicationRow, PublicationsRepository } from './publications-repository';

export interface DomainRecheckOptions {
  /** A domain is due once its last check is this old. */
  intervalMs: number;
  /** Domains looked at in one call at most, so one call never runs long. */
  limit: number;
  /** DNS lookups in flight at once. */
  concurrency: number;
  /** Aborts when the app closes. */
  signal?: AbortSignal;
}

export interface DomainRecheckSummary {
  /** Domains that were due when read. */
  due: number;
  /** Those this instance claimed and looked up (another instance may have taken the rest). */
  checked: number;
  /** Those whose state the check changed. */
  changed: { domain: string; from: DomainState; to: DomainState }[];
  errors: { domain: string; error: unknown }[];
}

/** The promise's value, or undefined as soon as `signal` aborts (the work is abandoned, not stopped). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise<T | undefined>((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

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
    private readonly dns: TxtLookup,
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

  toDomainStatus(row: DomainRow): DomainStatus {
    const target = this.urls.pointingTarget();
    return {
      domain: row.domain,
      state: row.state,
      failure: row.failure,
      checkedAt: row.checked_at,
      record: { type: 'TXT', name: challengeName(row.domain), value: challengeValue(row.token) },
      pointing: { target, records: pointingRecords(row.domain, target) },
      url: this.urls.domainUrl(row.domain),
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

  /**
   * The custom domain, or null when none is claimed: having none is an answer about a publication
   * that exists, not a missing resource (its settings page asks on every load).
   */
  async domain(viewer: Viewer, slug: string): Promise<DomainStatus | null> {
    const row = await this.requireRole(viewer, slug, 'owner');
    const domain = await this.publications.domainOf(row.id);
    return domain ? this.toDomainStatus(domain) : null;
  }

  /** Claims a domain (pending until its TXT record is seen); it replaces any earlier one. */
  async claimDomain(viewer: Viewer, slug: string, domain: string): Promise<DomainStatus> {
    const row = await this.requireRole(viewer, slug, 'owner');
    if (this.urls.isOurs(domain)) throw badRequest(DOMAIN_OURS_MESSAGE, { domain: [DOMAIN_OURS_MESSAGE] });
    const existing = await this.publications.findDomain(domain);
    if (existing && existing.publication_id !== row.id)
      throw conflict(DOMAIN_TAKEN_MESSAGE, { domain: [DOMAIN_TAKEN_MESSAGE] });
    if (existing) return this.toDomainStatus(existing);
    const claimed: DomainRow = {
      domain,
      publication_id: row.id,
      token: randomBytes(16).toString('hex'),
      state: 'pending',
      failure: null,
      checked_at: null,
      created_at: nowIso(),
    };
    try {
      await this.publications.claimDomain(claimed);
    } catch (error) {
      if (error instanceof DuplicateKey)
        throw conflict(DOMAIN_TAKEN_MESSAGE, { domain: [DOMAIN_TAKEN_MESSAGE] });
      throw error;
    }
    if (row.verified_domain) await this.domainListener?.domainsChanged();
    return this.toDomainStatus(claimed);
  }

  /** Looks the TXT record up now; a domain once verified and then failing stops being served. */
  async verifyDomain(viewer: Viewer, slug: string): Promise<DomainStatus> {
    const row = await this.requireRole(viewer, slug, 'owner');
    const domain = await this.publications.domainOf(row.id);
    if (!domain) throw notFound(DOMAIN_NOT_FOUND_MESSAGE);
    const result = await verifyDomain(this.dns, domain.domain, domain.token);
    const checkedAt = nowIso();
    const { state, failure } = nextDomainState(domain.state, result, 'owner') ?? domain;
    await this.publications.setDomainState(domain.domain, state, failure, checkedAt);
    if ((domain.state === 'verified') !== (state === 'verified')) await this.domainListener?.domainsChanged();
    return this.toDomainStatus({ ...domain, state, failure, checked_at: checkedAt });
  }

  /**
   * The periodic re-check (decision 44): looks again at up to `limit` domains last checked before
   * `now - intervalMs` (or never), so a pending domain is verified once its record appears and a
   * verified one whose record is gone stops being served. Each domain is claimed first by a
   * conditional update, so across instances only one asks DNS about it. Lookups run
   * `concurrency` at a time; once `signal` aborts, none starts and none in flight is waited for
   * (its claim stands: it is looked at again an interval later). A domain's error is collected,
   * not thrown, so one bad row does not stop the others.
   */
  async recheckDueDomains(now: Date, options: DomainRecheckOptions): Promise<DomainRecheckSummary> {
    const at = now.toISOString();
    const due = new Date(now.getTime() - options.intervalMs).toISOString();
    const candidates = await this.publications.dueDomains(due, options.limit);
    const summary: DomainRecheckSummary = { due: candidates.length, checked: 0, changed: [], errors: [] };
    const recheck = async (row: DomainRow) => {
      if (options.signal?.aborted) return;
      try {
        if (!(await this.publications.claimDomainCheck(row.domain, due, at))) return;
        summary.checked += 1;
        const result = await untilAborted(verifyDomain(this.dns, row.domain, row.token), options.signal);
        if (result === undefined) return;
        const next = nextDomainState(row.state, result, 'schedule');
        if (!next || (next.state === row.state && next.failure === row.failure)) return;
        const written = await this.publications.recordDomainCheck(row, next.state, next.failure);
        if (written && next.state !== row.state)
          summary.changed.push({ domain: row.domain, from: row.state, to: next.state });
      } catch (error) {
        summary.errors.push({ domain: row.domain, error });
      }
    };
    for (let start = 0; start < candidates.length; start += options.concurrency) {
      await Promise.all(candidates.slice(start, start + options.concurrency).map(recheck));
    }
    if (summary.changed.some((change) => (change.from === 'verified') !== (change.to === 'verified')))
      await this.domainListener?.domainsChanged();
    return summary;
  }

  async deleteDomain(viewer: Viewer, slug: string): Promise<void> {
    const row = await this.requireRole(viewer, slug, 'owner');
    if (!(await this.publications.deleteDomain(row.id))) throw notFound(DOMAIN_NOT_FOUND_MESSAGE);
    if (row.verified_domain) await this.domainListener?.domainsChanged();
  }

  /** Caddy's on-demand TLS `ask`: a verified custom domain, or an existing publication's sub-domain. */
  async servesDomain(domain: string): Promise<boolean> {
    const base = this.urls.baseDomain;
    if (base && domain.endsWith(`.${base}`)) {
      const slug = domain.slice(0, -base.length - 1);
      return !slug.includes('.') && (await this.publications.findBySlug(slug)) !== undefined;
    }
    return (await this.publications.findDomain(domain))?.state === 'verified';
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
