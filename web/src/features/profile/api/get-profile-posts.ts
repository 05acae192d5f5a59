import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/post/profile?userId=&cursor= → one page of that user's posts, newest first. Anonymous
 * on purpose, as for the all-posts list: nothing here depends on who reads it.
 */
export function getProfilePosts(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/profile', { query: { userId, cursor }, signal });
}
