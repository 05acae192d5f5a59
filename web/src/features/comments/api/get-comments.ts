import type { Comment } from '../../../../../contracts/comments';
import type { Page } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/post/comments?postId=&cursor= → one page of a post's comments, oldest first. */
export function getComments(
  postId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<Page<Comment>>> {
  return apiRequest<Page<Comment>>('/api/post/comments', { query: { postId, cursor }, signal });
}
