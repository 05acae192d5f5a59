import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../../lib/authenticator';
import { parseInput } from '../../../lib/validation';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { postIdQuerySchema } from '../../posts/posts-routes';
import type { FavoritesService } from './favorites-service';
import { routeSchema } from '../../../openapi/route-schema';
import { answer, favoriteStateSchema, page, postSchema } from '../../../openapi/answers';

/** HTTP for favorites: translates requests to the favorites service and back. */
export function registerFavoriteRoutes(
  app: FastifyInstance,
  deps: { favorites: FavoritesService; auth: Authenticator },
): void {
  const { favorites, auth } = deps;

  app.post(
    '/api/post/favorite',
    {
      schema: routeSchema({
        summary: 'Favorite a post',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(favoriteStateSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(postIdQuerySchema, request.query);
      return { response: await favorites.favorite(viewer, id) };
    },
  );

  app.delete(
    '/api/post/favorite',
    {
      schema: routeSchema({
        summary: 'Unfavorite a post',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(favoriteStateSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const { id } = parseInput(postIdQuerySchema, request.query);
      return { response: await favorites.unfavorite(viewer, id) };
    },
  );

  app.get(
    '/api/post/favorites',
    {
      schema: routeSchema({
        summary: "List the reader's favorites, newest favorite first",
        tag: 'People',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const page = toPageRequest(parseInput(pageQuerySchema, request.query));
      return favorites.list(viewer, page);
    },
  );
}
