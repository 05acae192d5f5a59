import type { PostInput, PostResponse } from '../../../../../contracts/posts';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/post/blog?id= (bearer) {title, content} → {response: Post}; 403 for someone else's post. */
export function updatePost(id: string, input: PostInput) {
  return apiRequest<PostResponse>('/api/post/blog', {
    method: 'PUT',
    query: { id },
    body: input,
    auth: true,
  });
}
