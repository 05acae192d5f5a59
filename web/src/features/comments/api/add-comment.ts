import type { Comment, CommentInput } from '../../../../../contracts/comments';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/post/comments (bearer) {postId, body} → 201 {response: Comment}. */
export function addComment(input: CommentInput) {
  return apiRequest<{ response: Comment }>('/api/post/comments', { method: 'POST', body: input, auth: true });
}
