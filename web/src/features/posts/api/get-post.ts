import type { ReadablePost, ReadablePostResponse } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/post/blog?id= → {response: Post} with its rendered HTML; 404 {message: 'Post not found'}
 * for an unknown id. The token, when there is one, adds `favorited`.
 */
export async function getPost(id: string, signal?: AbortSignal): Promise<ApiResult<ReadablePost>> {
  const result = await apiRequest<ReadablePostResponse>('/api/post/blog', {
    query: { id },
    auth: true,
    signal,
  });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** GET /api/post/preview?token= → the unpublished post a preview link shows; 404 for a dead link. */
export async function getPreview(token: string, signal?: AbortSignal): Promise<ApiResult<ReadablePost>> {
  const result = await apiRequest<ReadablePostResponse>('/api/post/preview', { query: { token }, signal });
  return result.ok ? { ok: true, data: result.data.response } : result;
}
