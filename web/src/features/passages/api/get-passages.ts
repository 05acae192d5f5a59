import type { Comment } from '../../../../../contracts/comments';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/post/passages?postId= → every in-line comment of a post (oldest first), whatever page
 * of the discussion is open: the page marks each passage with its count. With the token, so a
 * reader does not see the comments of people they blocked.
 */
export function getPassageComments(
  postId: string,
  signal?: AbortSignal,
): Promise<ApiResult<{ response: Comment[] }>> {
  return apiRequest<{ response: Comment[] }>('/api/post/passages', { query: { postId }, auth: true, signal });
}
