import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/user/follow?userId= (bearer), idempotent (issue 4). */
export function unfollowUser(userId: string) {
  return apiRequest<unknown>('/api/user/follow', { method: 'DELETE', query: { userId }, auth: true });
}
