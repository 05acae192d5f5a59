import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/post/blog/all?cursor= → one page, newest first. The bearer is optional and only adds
 * `favorited`, so it is sent when there is one.
 */
export function getAllPosts(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/blog/all', { query: { cursor }, auth: true, signal });
}
