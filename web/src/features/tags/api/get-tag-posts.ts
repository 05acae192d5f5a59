import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/post/blog/all?tag=&cursor= → one page of a topic's posts, newest first (keyset). */
export function getTagPosts(
  tag: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/blog/all', { query: { tag, cursor }, signal });
}
