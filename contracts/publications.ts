import { z } from './zod';

// In a module of their own, which reader pages import without this module's schemas.
export { publicationSiteUrl, sitePostPath } from './publication-url';

/**
 * Publications (docs/decisions/0044-publications-and-sites.md): every writer's own blog and
 * the blogs teams write together. The rules and messages the server and the web app share.
 */

/** owner: everything; editor: edits, publishes and unpublishes any post in it; writer: their own. */
export const PUBLICATION_ROLES = ['owner', 'editor', 'writer'] as const;
export type PublicationRole = (typeof PUBLICATION_ROLES)[number];
/** The roles an invitation or a role change may give: ownership is handed over, never invited. */
export const GRANTABLE_ROLES = ['editor', 'writer'] as const;
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

const RANK: Record<PublicationRole, number> = { writer: 1, editor: 2, owner: 3 };

/** Whether `role` (undefined: not a member) allows what `minimum` does. */
export function roleAtLeast(role: PublicationRole | undefined, minimum: PublicationRole): boolean {
  return role !== undefined && RANK[role] >= RANK[minimum];
}

export const SLUG_MIN = 2;
/** A DNS label's limit: the slug is the sub-domain. */
export const SLUG_MAX = 63;
export const PUBLICATION_NAME_MAX = 80;
export const PUBLICATION_DESCRIPTION_MAX = 500;

/**
 * Names a sub-domain must never take: they address infrastructure, or would look like the
 * instance's own pages to a reader (a phishing site at admin.inkwell.example).
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'about',
  'account',
  'accounts',
  'admin',
  'administrator',
  'api',
  'app',
  'assets',
  'auth',
  'autoconfig',
  'autodiscover',
  'billing',
  'blog',
  'cdn',
  'dashboard',
  'dev',
  'docs',
  'email',
  'files',
  'ftp',
  'help',
  'images',
  'img',
  'imap',
  'inkwell',
  'localhost',
  'login',
  'mail',
  'media',
  'mx',
  'ns',
  'ns1',
  'ns2',
  'ns3',
  'pop',
  'pop3',
  'root',
  'security',
  'signin',
  'signup',
  'smtp',
  'staging',
  'static',
  'status',
  'support',
  'test',
  'webmail',
  'www',
]);

/** A DNS label: lower-case letters, digits and inner hyphens. */
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const SLUG_MESSAGE =
  'Address must use lower-case letters, digits and hyphens, and start and end with a letter or digit';
export const SLUG_RESERVED_MESSAGE = 'This address is reserved';
export const SLUG_TAKEN_MESSAGE = 'This address is already taken';
export const PUBLICATION_NOT_FOUND_MESSAGE = 'Publication not found';
export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this publication';
export const OWNER_ONLY_MESSAGE = 'Only the owner of this publication can do that';
export const EDITORS_ONLY_MESSAGE = "Only this publication's owner and editors can do that";
export const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';
export const ALREADY_MEMBER_MESSAGE = 'Already a member of this publication';
export const ALREADY_INVITED_MESSAGE = 'Already invited to this publication';
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found';
export const INVITEE_NOT_FOUND_MESSAGE = 'No account has this name or email';
export const OWNER_CANNOT_LEAVE_MESSAGE = 'Hand the publication over to another member before leaving it';
export const PERSONAL_PUBLICATION_MESSAGE = "A writer's own blog cannot be deleted or handed over";
export const DELETE_CONFIRMATION_MESSAGE = "Type the publication's address to confirm";
export const ACCENT_MESSAGE = 'Accent colour must be a colour like #1a7f5a';
export const EDITOR_ROLE_MESSAGE = 'Editors can invite writers and editors, and remove writers';

/** Whether text could be a publication's address at all (so it may be looked up). */
export function isSlugShaped(text: string): boolean {
  return text.length <= SLUG_MAX && SLUG_PATTERN.test(text);
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}

export const slugSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .toLowerCase()
  .min(SLUG_MIN, `Address must be at least ${SLUG_MIN} characters`)
  .max(SLUG_MAX, `Address must be at most ${SLUG_MAX} characters`)
  .regex(SLUG_PATTERN, SLUG_MESSAGE)
  .refine((slug) => !isReservedSlug(slug), SLUG_RESERVED_MESSAGE);

/**
 * The address a name suggests: accents dropped, anything else than a letter or digit a hyphen. Too
 * short, reserved or empty (a name in another script): `fallback`. Uniqueness is the caller's.
 */
export function slugFromName(name: string, fallback = 'writer'): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX - 4)
    .replace(/^-+|-+$/g, '');
  return slug.length >= SLUG_MIN && !isReservedSlug(slug) ? slug : fallback;
}

/** `slug-N` for N from 2: the first that `isTaken` refuses. Kept within SLUG_MAX. */
export function numberedSlug(slug: string, n: number): string {
  const suffix = `-${n}`;
  return `${slug.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
}

const ACCENT_PATTERN = /^#[0-9a-f]{6}$/;

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

const accentSchema = z
  .string({ error: ACCENT_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(ACCENT_PATTERN, ACCENT_MESSAGE)
  .nullable();

const publicationNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text') })
  .trim()
  .min(1, 'Name is required')
  .max(PUBLICATION_NAME_MAX, `Name must be at most ${PUBLICATION_NAME_MAX} characters`);

export const LOGO_NOT_FOUND_MESSAGE = 'Logo image not found';
/** A picture the owner uploaded (POST /api/media); null removes the logo. */
const logoIdSchema = z.string({ error: LOGO_NOT_FOUND_MESSAGE }).max(64, LOGO_NOT_FOUND_MESSAGE).nullable();

export const publicationCreateSchema = z.object({
  slug: slugSchema,
  name: publicationNameSchema,
  description: optionalText('Description', PUBLICATION_DESCRIPTION_MAX).optional(),
  accentColor: accentSchema.optional(),
  logoId: logoIdSchema.optional(),
});
export type PublicationCreateInput = z.infer<typeof publicationCreateSchema>;

/** Name, description, colour and logo change; the address does not (links and domains point at it). */
export const publicationUpdateSchema = z.object({
  name: publicationNameSchema.optional(),
  description: optionalText('Description', PUBLICATION_DESCRIPTION_MAX).optional(),
  accentColor: accentSchema.optional(),
  logoId: logoIdSchema.optional(),
});
export type PublicationUpdateInput = z.infer<typeof publicationUpdateSchema>;

export const publicationDeleteSchema = z.object({
  confirm: z.string({ error: DELETE_CONFIRMATION_MESSAGE }).trim().toLowerCase(),
});

const ROLE_MESSAGE = "role must be 'editor' or 'writer'";
const grantableRoleSchema = z.enum(GRANTABLE_ROLES, { error: ROLE_MESSAGE });

/** Invite by username or email (the field `who`), as the person inviting knows them. */
export const invitationCreateSchema = z.object({
  who: z
    .string({ error: 'Name or email is required' })
    .trim()
    .min(1, 'Name or email is required')
    .max(254, 'Name or email must be at most 254 characters'),
  role: grantableRoleSchema,
});
export type InvitationCreateInput = z.infer<typeof invitationCreateSchema>;

export const roleChangeSchema = z.object({ role: grantableRoleSchema });
export const ownershipTransferSchema = z.object({
  username: z.string({ error: 'username is required' }).trim().min(1, 'username is required'),
});

/** A publication as anyone sees it. */
export interface Publication {
  id: string;
  slug: string;
  name: string;
  description: string;
  accentColor: string | null;
  /** The logo's address on the main site (a path under /media), or null. */
  logoUrl: string | null;
  /** A writer's own blog (made at sign-up), as opposed to a team's. */
  personal: boolean;
  /** Where its site is read: its verified domain, its sub-domain, or its path on the main site. */
  url: string;
  createdAt: string;
}

export interface PublicationMember {
  username: string;
  role: PublicationRole;
  since: string;
}

/** A publication with its members, for its about page and settings. */
export interface PublicationDetails extends Publication {
  members: PublicationMember[];
}

/** One of the signed-in writer's publications, with their role in it. */
export interface Membership {
  publication: Publication;
  role: PublicationRole;
}

export interface Invitation {
  id: string;
  publication: Publication;
  /** Who is invited. */
  username: string;
  role: GrantableRole;
  invitedBy: string | null;
  createdAt: string;
}

/**
 * A post's publication as cards and the read page show it; its site's address is
 * `publicationSiteUrl(site, this)`.
 */
export interface PostPublication {
  slug: string;
  name: string;
  personal: boolean;
  /** Its verified custom domain, if any. */
  domain: string | null;
}

export const DOMAIN_MESSAGE = 'Domain must be a name like blog.example.com';
export const DOMAIN_TAKEN_MESSAGE = 'This domain is already claimed by another publication';
export const DOMAIN_OURS_MESSAGE = "This instance's own domains cannot be claimed";
export const DOMAIN_NOT_FOUND_MESSAGE = 'This publication has no custom domain';
/** Where the verification record lives: beside the domain, so a CNAME on the name itself is fine. */
export const DOMAIN_CHALLENGE_LABEL = '_inkwell-challenge';
export const DOMAIN_CHALLENGE_PREFIX = 'inkwell-verify=';

/** A host name of at least two labels, each a DNS label; stored lower-case without a final dot. */
const DOMAIN_PATTERN =
  /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

export const domainSchema = z.object({
  domain: z
    .string({ error: DOMAIN_MESSAGE })
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/\.$/, ''))
    .refine((value) => DOMAIN_PATTERN.test(value), DOMAIN_MESSAGE),
});

export type DomainState = 'pending' | 'verified' | 'failed';

/** A DNS record that brings a custom domain's readers to this server. */
export interface PointingRecord {
  type: 'CNAME' | 'A' | 'AAAA';
  name: string;
  /**
   * null for an A or AAAA record when the server does not know its public address (behind a
   * proxy or NAT it cannot): the address `target` has, which its operator knows.
   */
  value: string | null;
}

/**
 * A publication's custom domain and what its owner must do: point it at this server, and prove
 * control of it.
 */
export interface DomainStatus {
  domain: string;
  state: DomainState;
  /** Why the last check failed, worded for the owner; null otherwise. */
  failure: string | null;
  checkedAt: string | null;
  /** The DNS record that proves control. */
  record: { type: 'TXT'; name: string; value: string };
  /** The DNS records that point the domain at this server. */
  pointing: {
    /** The host name they follow: BASE_DOMAIN, or else PUBLIC_URL's host. */
    target: string;
    records: PointingRecord[];
  };
  /** The site's address at this domain once verified: `https:` when this server serves HTTPS. */
  url: string;
}
