import type { PostInput, PostResponse } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/post/blog (bearer) {title, content} → 201 {response: Post}. */
export function createPost(input: PostInput) {
  return apiRequest<PostResponse>('/api/post/blog', { method: 'POST', body: input, auth: true });
}
