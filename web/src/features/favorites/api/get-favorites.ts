import type { Page, Post } from '../../../../../contracts/posts';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/post/favorites?cursor= (bearer) → one page of the reader's favorite posts. */
export function getFavorites(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>> {
  return apiRequest<Page<Post>>('/api/post/favorites', { query: { cursor }, auth: true, signal });
}
