import type { PendingCoauthorInvitation } from '../../../../../contracts/coauthors';
import type { Post } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/* Invitations to co-write a post, answered on /drafts (docs/decisions/0085-co-authors.md). */

/** GET /api/user/coauthor-invitations (bearer) → the invitations waiting for the viewer's answer. */
export async function listCoauthorInvitations(signal?: AbortSignal) {
  const result = await apiRequest<{ response: PendingCoauthorInvitation[] }>(
    '/api/user/coauthor-invitations',
    {
      auth: true,
      signal,
    },
  );
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/user/coauthor-invitations/accept?id= (bearer) → the post, now co-written by the viewer. */
export async function acceptCoauthorInvitation(postId: string) {
  const result = await apiRequest<{ response: Post }>('/api/user/coauthor-invitations/accept', {
    method: 'POST',
    query: { id: postId },
    auth: true,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/user/coauthor-invitations/decline?id= (bearer) → 204. */
export function declineCoauthorInvitation(postId: string) {
  return apiRequest<undefined>('/api/user/coauthor-invitations/decline', {
    method: 'POST',
    query: { id: postId },
    auth: true,
  });
}
