import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/post/feed?cursor= (bearer) → one page of posts by the authors the reader follows. */
export function getFeed(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/feed', { query: { cursor }, auth: true, signal });
}
