import type { Series, SeriesSummary } from '../../../../../contracts/series';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** GET /api/series?id= → the series and the parts readers can see; 404 for none. */
export function getSeries(id: string, signal?: AbortSignal): Promise<ApiResult<{ response: Series }>> {
  return apiRequest<{ response: Series }>('/api/series', { query: { id }, signal });
}

/** GET /api/series/list?userId= → the writer's series with a part readers can see, newest first. */
export function listWritersSeries(
  userId: string,
  signal?: AbortSignal,
): Promise<ApiResult<{ response: SeriesSummary[] }>> {
  return apiRequest<{ response: SeriesSummary[] }>('/api/series/list', { query: { userId }, signal });
}
