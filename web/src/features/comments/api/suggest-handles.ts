import type { HandleSuggestion } from '../../../../../contracts/handles';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/handles (bearer) ?prefix=&limit=&postId= → {response: HandleSuggestion[]}. */
export function suggestHandles(prefix: string, postId: string, signal: AbortSignal) {
  return apiRequest<{ response: HandleSuggestion[] }>('/api/user/handles', {
    query: { prefix, postId, limit: 6 },
    auth: true,
    signal,
  });
}
