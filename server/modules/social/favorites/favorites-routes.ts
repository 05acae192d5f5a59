import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { postIdQuerySchema } from '../../posts/posts-routes';
import type { FavoritesService } from './favorites-service';

/** HTTP for favorites: translates requests to the favorites service and back. */
export function registerFavoriteRoutes(
  app: FastifyInstance,
  deps: { favorites: FavoritesService; auth: Authenticator },
): void {
  const { favorites, auth } = deps;

  app.post('/api/post/favorite', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(postIdQuerySchema, request.query);
    return { response: await favorites.favorite(viewer, id) };
  });

  app.delete('/api/post/favorite', async (request) => {
    const viewer = await auth.require(request);
    const { id } = parseInput(postIdQuerySchema, request.query);
    return { response: await favorites.unfavorite(viewer, id) };
  });

  app.get('/api/post/favorites', async (request) => {
    const viewer = await auth.require(request);
    const page = toPageRequest(parseInput(pageQuerySchema, request.query));
    return favorites.list(viewer, page);
  });
}
