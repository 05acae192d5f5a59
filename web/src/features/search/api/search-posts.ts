import type { Page } from '../../../../../contracts/posts';
import type { SearchResult } from '../../../../../contracts/search';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/search?q=&cursor= → one page of ranked results, each with its highlighted passage.
 * Sent without the token, like the post lists: the results are the same for every reader, so
 * the server answers them from its response cache.
 */
export function searchPosts(
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ApiResult<Page<SearchResult>>> {
  return apiRequest<Page<SearchResult>>('/api/search', { query: { q, cursor }, signal });
}
