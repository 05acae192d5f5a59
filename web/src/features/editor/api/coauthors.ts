import type {
  CoauthorInvitation,
  CoauthorInviteInput,
  PostAuthors,
} from '../../../../../contracts/coauthors';
import { apiRequest } from '../../../lib/api-client';

/*
 * Co-authors (docs/decisions/0085-co-authors.md). Types and words only from contracts: no Zod on
 * the writing page (the server checks the input).
 */

/** GET /api/post/authors?id= (bearer) → the post's authors, and to its first author the invitations. */
export async function getPostAuthors(postId: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: PostAuthors }>('/api/post/authors', {
    query: { id: postId },
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/post/authors?id= (bearer) {who} → 201 the invitation. */
export async function inviteCoauthor(postId: string, input: CoauthorInviteInput) {
  const result = await apiRequest<{ response: CoauthorInvitation }>('/api/post/authors', {
    method: 'POST',
    query: { id: postId },
    body: input,
    auth: true,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** DELETE /api/post/authors?id=&userId= (bearer) → 204: a co-author removed, an invitation withdrawn. */
export function removeCoauthor(postId: string, userId: string) {
  return apiRequest<undefined>('/api/post/authors', {
    method: 'DELETE',
    query: { id: postId, userId },
    auth: true,
  });
}

/** POST /api/post/authors/leave?id= (bearer) → 204: the viewer no longer co-writes the post. */
export function leavePost(postId: string) {
  return apiRequest<undefined>('/api/post/authors/leave', {
    method: 'POST',
    query: { id: postId },
    auth: true,
  });
}
