import { apiRequest } from '../../../lib/api-client';
import type { StudioPost } from './studio-post';

/** GET /api/post/drafts (bearer) → {response: StudioPost[]}: the writer's drafts and scheduled posts. */
export function getDrafts(signal?: AbortSignal) {
  return apiRequest<{ response: StudioPost[] }>('/api/post/drafts', {
    auth: true,
    ...(signal ? { signal } : {}),
  });
}
