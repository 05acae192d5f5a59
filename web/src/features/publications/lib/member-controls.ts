import {
  roleAtLeast,
  type PublicationMember,
  type PublicationRole,
} from '../../../../../contracts/publications';

export const ROLE_LABELS: Record<PublicationRole, string> = {
  owner: 'Owner',
  editor: 'Editor',
  writer: 'Writer',
};

/** "You are the owner", "an editor", "a writer". */
export const ROLE_WITH_ARTICLE: Record<PublicationRole, string> = {
  owner: 'the owner',
  editor: 'an editor',
  writer: 'a writer',
};

/** What one role may do in a publication, as its sections show it (the server checks again). */
export interface PublicationPowers {
  /** Name, description, colour, custom domain, roles, hand-over, deletion. */
  owns: boolean;
  /** Invitations, and removing writers. */
  invites: boolean;
}

export function powersOf(role: PublicationRole | undefined): PublicationPowers {
  return { owns: roleAtLeast(role, 'owner'), invites: roleAtLeast(role, 'editor') };
}

/** Which controls a member's row shows to the viewer. */
export interface MemberControls {
  changeRole: boolean;
  remove: boolean;
  handOver: boolean;
  leave: boolean;
}

/** Usernames are unique without regard to case (difference 18 from the specification). */
export function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The rules of tests/api/publications.test.ts, from the viewer's side: the owner changes roles,
 * removes anyone and hands over (not a writer's own blog); editors remove writers; everyone but
 * the owner may leave. Nobody acts on the owner, and only on themself to leave.
 */
export function memberControls(
  viewer: { username: string; role: PublicationRole | undefined },
  member: PublicationMember,
  personal: boolean,
): MemberControls {
  const self = sameName(viewer.username, member.username);
  const powers = powersOf(viewer.role);
  const other = !self && member.role !== 'owner';
  return {
    changeRole: other && powers.owns,
    remove: other && (powers.owns || (powers.invites && member.role === 'writer')),
    handOver: other && powers.owns && !personal,
    leave: self && viewer.role !== undefined && member.role !== 'owner',
  };
}
