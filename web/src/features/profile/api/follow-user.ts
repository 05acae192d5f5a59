import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/follow?userId= (bearer), idempotent (issue 4). */
export function followUser(userId: string) {
  return apiRequest<unknown>('/api/user/follow', { method: 'POST', query: { userId }, auth: true });
}
