import type { MessageResponse } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/post/blog/delete?id= (bearer) → {message}; 403 for someone else's post. */
export function deletePost(id: string) {
  return apiRequest<MessageResponse>('/api/post/blog/delete', {
    method: 'DELETE',
    query: { id },
    auth: true,
  });
}
