import type { TagInfo } from '../../../../../contracts/tags';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/tags/info?name= → the topic's name and counts; 404 for a topic no post carries. With
 * the token, `following` says whether the reader follows it.
 */
export function getTagInfo(name: string, signal?: AbortSignal): Promise<ApiResult<{ response: TagInfo }>> {
  return apiRequest<{ response: TagInfo }>('/api/tags/info', {
    query: { name },
    auth: true,
    signal,
  });
}
