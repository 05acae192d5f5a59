import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/post/blog/all?cursor= → one page, newest first. Sent without the token: a card never
 * shows `favorited` (the only thing a token adds), and an anonymous read is the same for everyone,
 * so the server answers it from its response cache.
 */
export function getAllPosts(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/blog/all', { query: { cursor }, signal });
}
