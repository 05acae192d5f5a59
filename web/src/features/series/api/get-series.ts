import type { Series } from '../../../../../contracts/series';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/series?id= → the series and the parts readers can see; 404 for none. */
export function getSeries(id: string, signal?: AbortSignal): Promise<ApiResult<{ response: Series }>> {
  return apiRequest<{ response: Series }>('/api/series', { query: { id }, signal });
}
