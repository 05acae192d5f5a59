import type {
  CreateSeriesInput,
  Series,
  SeriesPart,
  UpdateSeriesInput,
} from '../../../../../contracts/series';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** The `response` of a `{response}` answer. */
async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** GET /api/series/mine (bearer) → the series the writer manages, each with all its posts. */
export function listManagedSeries(signal?: AbortSignal): Promise<ApiResult<Series[]>> {
  return unwrap(apiRequest<{ response: Series[] }>('/api/series/mine', { auth: true, signal }));
}

/** GET /api/series/candidates?id= (bearer) → the blog's posts in no series yet, newest first. */
export function listSeriesCandidates(id: string, signal?: AbortSignal): Promise<ApiResult<SeriesPart[]>> {
  return unwrap(
    apiRequest<{ response: SeriesPart[] }>('/api/series/candidates', { query: { id }, auth: true, signal }),
  );
}

/** POST /api/series (bearer) → 201 the new, empty series. */
export function createSeries(input: CreateSeriesInput): Promise<ApiResult<Series>> {
  return unwrap(apiRequest<{ response: Series }>('/api/series', { method: 'POST', body: input, auth: true }));
}

/** PUT /api/series?id= (bearer) → the series with its new title and description. */
export function updateSeries(id: string, input: UpdateSeriesInput): Promise<ApiResult<Series>> {
  return unwrap(
    apiRequest<{ response: Series }>('/api/series', {
      method: 'PUT',
      query: { id },
      body: input,
      auth: true,
    }),
  );
}

/** PUT /api/series/posts?id= (bearer) → the series with exactly these posts, in this order. */
export function setSeriesPosts(id: string, postIds: string[]): Promise<ApiResult<Series>> {
  return unwrap(
    apiRequest<{ response: Series }>('/api/series/posts', {
      method: 'PUT',
      query: { id },
      body: { postIds },
      auth: true,
    }),
  );
}

/** DELETE /api/series?id= (bearer) → 204; the posts stay. */
export function deleteSeries(id: string): Promise<ApiResult<unknown>> {
  return apiRequest<unknown>('/api/series', { method: 'DELETE', query: { id }, auth: true });
}
