import type { MessageResponse } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/post/comments?id= (bearer): the comment's author or the post's author, else 403. */
export function deleteComment(commentId: string) {
  return apiRequest<MessageResponse>('/api/post/comments', {
    method: 'DELETE',
    query: { id: commentId },
    auth: true,
  });
}
