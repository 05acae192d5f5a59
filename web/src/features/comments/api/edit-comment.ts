import type { Comment, CommentEdit } from '../../../../../contracts/comments';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/post/comments?id= (bearer) {body} → {response: Comment}; only its author, else 403. */
export function editComment(commentId: string, input: CommentEdit) {
  return apiRequest<{ response: Comment }>('/api/post/comments', {
    method: 'PUT',
    query: { id: commentId },
    body: input,
    auth: true,
  });
}
