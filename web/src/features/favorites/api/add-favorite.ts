import { apiRequest } from '../../../lib/api-client';
import type { FavoriteState } from './favorite-state';

/** POST /api/post/favorite?id= (bearer), idempotent → {response: {favorited, favoriteCount}}. */
export function addFavorite(postId: string) {
  return apiRequest<{ response: FavoriteState }>('/api/post/favorite', {
    method: 'POST',
    query: { id: postId },
    auth: true,
  });
}
