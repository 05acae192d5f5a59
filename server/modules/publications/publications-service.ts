import {
  DELETE_CONFIRMATION_MESSAGE,
  EDITORS_ONLY_MESSAGE,
  LOGO_NOT_FOUND_MESSAGE,
  NOT_A_MEMBER_MESSAGE,
  OWNER_ONLY_MESSAGE,
  PERSONAL_PUBLICATION_MESSAGE,
  PUBLICATION_NOT_FOUND_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type Publication,
  type PublicationCreateInput,
  type PublicationDetails,
  type PublicationRole,
  type PublicationUpdateInput,
  roleAtLeast,
} from '../../../contracts/publications';
import { mediaUrl } from '../../../contracts/media';
import type { Addressable } from '../../../contracts/site';
import { DuplicateKey } from '../../lib/constraint-violations';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { PublicationUrls } from './publication-urls';
import type { PublicationRow, PublicationsRepository } from './publications-repository';

/** Told when the set of verified custom domains changes (the host router's map). */
export interface DomainListener {
  domainsChanged(): Promise<void>;
}

/**
 * Publication rules: the owner does everything, editors manage writers and invitations, members
 * write; a role is read from the database on every request, so a removal takes effect at once,
 * open sessions included. The people (members, invitations) are publication-members-service.ts's.
 */
export class PublicationsService {
  private readonly createdByUser: RateLimiter;

  constructor(
    private readonly publications: PublicationsRepository,
    readonly urls: PublicationUrls,
    private readonly domainListener: DomainListener | undefined,
    limiters: RateLimiters<'publicationsPerUser'>,
  ) {
    this.createdByUser = limiters.limiter('publicationsPerUser');
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
  /** Each member by name, with what their profile's address is made of. */
  async memberAddresses(publicationId: string): Promise<Map<string, Addressable>> {
    const members = await this.publications.members(publicationId);
    return new Map(members.map((member) => [member.username, { id: member.user_id, handle: member.handle }]));
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
}

// Named fields, so the web app's forms show each refusal beside the field it is about.
export const TOO_MANY_PUBLICATIONS_MESSAGE =
  'You are starting publications too fast. Please try again later.';

const slugTaken = () => conflict(SLUG_TAKEN_MESSAGE, { slug: [SLUG_TAKEN_MESSAGE] });

/** The logo's smallest stored width: it is shown a few dozen pixels high. */
function logoUrlOf(row: PublicationRow): string | null {
  if (row.logo_id === null || row.logo_widths === null) return null;
  const smallest = Number(row.logo_widths.split(' ')[0]);
  return Number.isFinite(smallest) ? mediaUrl(row.logo_id, smallest) : null;
}
