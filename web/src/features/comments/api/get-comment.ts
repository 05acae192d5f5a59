import type { Comment } from '../../../../../contracts/comments';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/post/comment?id= → {response: Comment}, with its Markdown (the list carries HTML only). */
export function getComment(commentId: string) {
  return apiRequest<{ response: Comment }>('/api/post/comment', { query: { id: commentId } });
}
