import type { SearchSuggestions } from '../../../../../contracts/search';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/search/suggest?q= → a handful of posts, topics and writers for what is being typed. */
export function getSuggestions(
  q: string,
  signal?: AbortSignal,
): Promise<ApiResult<{ response: SearchSuggestions }>> {
  return apiRequest<{ response: SearchSuggestions }>('/api/search/suggest', { query: { q }, signal });
}
