import type { MessageResponse } from '../../../../../contracts/auth';
import type {
  DomainStatus,
  GrantableRole,
  Invitation,
  InvitationCreateInput,
  Membership,
  PublicationCreateInput,
  PublicationDetails,
  PublicationUpdateInput,
} from '../../../../../contracts/publications';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

export { listMemberships } from './memberships';

/** The `response` of a `{response}` answer, so useApiResource can read it. */
async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

const publicationPath = (slug: string) => `/api/publications/${encodeURIComponent(slug)}`;

/** GET /api/user/invitations (bearer) → invitations waiting for the writer's answer. */
export function listMyInvitations(signal?: AbortSignal) {
  return unwrap(apiRequest<{ response: Invitation[] }>('/api/user/invitations', { auth: true, signal }));
}

/** POST /api/user/invitations/:id/accept (bearer) → 200 {response: the new membership}. */
export function acceptInvitation(id: string) {
  return unwrap(
    apiRequest<{ response: Membership }>(`/api/user/invitations/${encodeURIComponent(id)}/accept`, {
      method: 'POST',
      auth: true,
    }),
  );
}

/** POST /api/user/invitations/:id/decline (bearer) → 204. */
export function declineInvitation(id: string) {
  return apiRequest<undefined>(`/api/user/invitations/${encodeURIComponent(id)}/decline`, {
    method: 'POST',
    auth: true,
  });
}

/** POST /api/publications (bearer) {slug, name, description?, accentColor?} → 201; 409 when taken. */
export function createPublication(input: PublicationCreateInput) {
  return unwrap(
    apiRequest<{ response: PublicationDetails }>('/api/publications', {
      method: 'POST',
      body: input,
      auth: true,
    }),
  );
}

/** GET /api/publications/:slug (public) → the publication and its members. */
export function getPublication(slug: string, signal?: AbortSignal) {
  return unwrap(apiRequest<{ response: PublicationDetails }>(publicationPath(slug), { signal }));
}

/** PUT /api/publications/:slug (owner) {name?, description?, accentColor?} → the publication. */
export function updatePublication(slug: string, input: PublicationUpdateInput) {
  return unwrap(
    apiRequest<{ response: PublicationDetails }>(publicationPath(slug), {
      method: 'PUT',
      body: input,
      auth: true,
    }),
  );
}

/** DELETE /api/publications/:slug (owner) {confirm: its address} → 200 {message}. */
export function deletePublication(slug: string, confirm: string) {
  return apiRequest<MessageResponse>(publicationPath(slug), {
    method: 'DELETE',
    body: { confirm },
    auth: true,
  });
}

/** GET /api/publications/:slug/invitations (owner, editors) → its pending invitations. */
export function listInvitations(slug: string, signal?: AbortSignal) {
  return unwrap(
    apiRequest<{ response: Invitation[] }>(`${publicationPath(slug)}/invitations`, { auth: true, signal }),
  );
}

/** POST /api/publications/:slug/invitations (owner, editors) {who, role} → 201 {response}. */
export function invite(slug: string, input: InvitationCreateInput) {
  return unwrap(
    apiRequest<{ response: Invitation }>(`${publicationPath(slug)}/invitations`, {
      method: 'POST',
      body: input,
      auth: true,
    }),
  );
}

/** DELETE /api/publications/:slug/invitations/:id (owner, editors) → 204. */
export function withdrawInvitation(slug: string, id: string) {
  return apiRequest<undefined>(`${publicationPath(slug)}/invitations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });
}

const memberPath = (slug: string, username: string) =>
  `${publicationPath(slug)}/members/${encodeURIComponent(username)}`;

/** PUT /api/publications/:slug/members/:username (owner) {role} → the publication. */
export function changeRole(slug: string, username: string, role: GrantableRole) {
  return unwrap(
    apiRequest<{ response: PublicationDetails }>(memberPath(slug, username), {
      method: 'PUT',
      body: { role },
      auth: true,
    }),
  );
}

/** DELETE /api/publications/:slug/members/:username → 204: removes a member, or (own name) leaves. */
export function removeMember(slug: string, username: string) {
  return apiRequest<undefined>(memberPath(slug, username), { method: 'DELETE', auth: true });
}

/** POST /api/publications/:slug/owner (owner) {username} → the publication; the old owner edits. */
export function handOver(slug: string, username: string) {
  return unwrap(
    apiRequest<{ response: PublicationDetails }>(`${publicationPath(slug)}/owner`, {
      method: 'POST',
      body: { username },
      auth: true,
    }),
  );
}

/** GET /api/publications/:slug/domain (owner) → its custom domain; null when it has none. */
export function getDomain(slug: string, signal?: AbortSignal) {
  return unwrap(
    apiRequest<{ response: DomainStatus | null }>(`${publicationPath(slug)}/domain`, { auth: true, signal }),
  );
}

/** PUT /api/publications/:slug/domain (owner) {domain} → its state and the TXT record to create. */
export function claimDomain(slug: string, domain: string) {
  return unwrap(
    apiRequest<{ response: DomainStatus }>(`${publicationPath(slug)}/domain`, {
      method: 'PUT',
      body: { domain },
      auth: true,
    }),
  );
}

/** POST /api/publications/:slug/domain/verify (owner) → the state after looking the record up now. */
export function verifyDomain(slug: string) {
  return unwrap(
    apiRequest<{ response: DomainStatus }>(`${publicationPath(slug)}/domain/verify`, {
      method: 'POST',
      auth: true,
    }),
  );
}

/** DELETE /api/publications/:slug/domain (owner) → 204. */
export function removeDomain(slug: string) {
  return apiRequest<undefined>(`${publicationPath(slug)}/domain`, { method: 'DELETE', auth: true });
}
