import type { TagInfo } from '../../../../../contracts/tags';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** POST /api/tags/follow?name= (bearer), idempotent → the topic's info as stored after the write. */
export function followTag(name: string): Promise<ApiResult<{ response: TagInfo }>> {
  return apiRequest<{ response: TagInfo }>('/api/tags/follow', {
    method: 'POST',
    query: { name },
    auth: true,
  });
}

/** DELETE /api/tags/follow?name= (bearer), idempotent. */
export function unfollowTag(name: string): Promise<ApiResult<{ response: TagInfo }>> {
  return apiRequest<{ response: TagInfo }>('/api/tags/follow', {
    method: 'DELETE',
    query: { name },
    auth: true,
  });
}
