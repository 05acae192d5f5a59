import type { TagSummary } from '../../../../../contracts/tags';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/tags?prefix=&limit= → the most used tags starting with what the writer typed
 * (normalized by the server like a tag), with their post counts.
 */
export function getTags(
  prefix: string,
  limit: number,
  signal?: AbortSignal,
): Promise<ApiResult<{ response: TagSummary[] }>> {
  return apiRequest<{ response: TagSummary[] }>('/api/tags', { query: { prefix, limit }, signal });
}
