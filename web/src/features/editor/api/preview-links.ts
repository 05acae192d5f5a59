import type { CreatePreviewLinkInput, PreviewLink } from '../../../../../contracts/post-previews';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/post/previews?id= (bearer) → the post's preview links that still work, newest first. */
export async function listPreviewLinks(postId: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: PreviewLink[] }>('/api/post/previews', {
    query: { id: postId },
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/post/previews?id= (bearer) {expiresInDays} → 201 the new link. */
export async function createPreviewLink(postId: string, input: CreatePreviewLinkInput) {
  const result = await apiRequest<{ response: PreviewLink }>('/api/post/previews', {
    method: 'POST',
    query: { id: postId },
    body: input,
    auth: true,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** DELETE /api/post/previews?linkId= (bearer) → 204: the link stops working at once. */
export function revokePreviewLink(linkId: string) {
  return apiRequest<undefined>('/api/post/previews', { method: 'DELETE', query: { linkId }, auth: true });
}
