import type { Post } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/pinned (bearer) {postId} → 200 {response: Post}: shown first on the profile. */
export function pinPost(postId: string) {
  return apiRequest<{ response: Post }>('/api/user/pinned', { method: 'PUT', body: { postId }, auth: true });
}

/** DELETE /api/user/pinned (bearer) → 204 */
export function unpinPost() {
  return apiRequest<null>('/api/user/pinned', { method: 'DELETE', auth: true });
}
