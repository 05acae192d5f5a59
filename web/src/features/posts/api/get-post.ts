import type { Post, PostResponse } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';
import { useApiQuery } from '../../../lib/use-api-query';

/** GET /api/post/blog?id= → {response: Post}; 404 {message: 'Post not found'} for an unknown id. */
export async function getPost(id: string, signal?: AbortSignal): Promise<ApiResult<Post>> {
  const result = await apiRequest<PostResponse>('/api/post/blog', { query: { id }, auth: true, signal });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/**
 * `viewerId` is part of the key: signing in or out changes `favorited` and who may edit.
 * SPEC §8 logs the edit-post fetch failure; the read page shares the label.
 */
export function usePost(id: string | null, viewerId: string | null) {
  return useApiQuery(
    id === null ? null : `post:${id}:${viewerId ?? ''}`,
    (signal) => getPost(id ?? '', signal),
    'Error fetching post',
  );
}
