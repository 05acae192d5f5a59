import { apiRequest } from '../../../lib/api-client';
import type { FavoriteState } from './favorite-state';

/** DELETE /api/post/favorite?id= (bearer), idempotent → {response: {favorited, favoriteCount}}. */
export function removeFavorite(postId: string) {
  return apiRequest<{ response: FavoriteState }>('/api/post/favorite', {
    method: 'DELETE',
    query: { id: postId },
    auth: true,
  });
}
