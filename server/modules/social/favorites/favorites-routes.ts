import type { FastifyInstance } from 'fastify';
import { pageQuerySchema, toPageRequest } from '../../posts/paging';
import { postIdQuerySchema } from '../../posts/posts-routes';
import type { FavoritesService } from './favorites-service';
import { declareRoute } from '../../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, favoriteStateSchema, page, postSchema } from '../../../openapi/answers';

/** HTTP for favorites: translates requests to the favorites service and back. */
export function registerFavoriteRoutes(app: FastifyInstance, deps: { favorites: FavoritesService }): void {
  const { favorites } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/post/favorite',
    {
      schema: declareRoute({
        summary: 'Favorite a post',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(favoriteStateSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      return { response: await favorites.favorite(request.viewer, id) };
    },
  );

  api.delete(
    '/api/post/favorite',
    {
      schema: declareRoute({
        summary: 'Unfavorite a post',
        description: 'Idempotent.',
        tag: 'People',
        access: 'token',
        querystring: postIdQuerySchema,
        answers: { 200: answer(favoriteStateSchema) },
      }),
    },
    async (request) => {
      const { id } = request.query;
      return { response: await favorites.unfavorite(request.viewer, id) };
    },
  );

  api.get(
    '/api/post/favorites',
    {
      schema: declareRoute({
        summary: "List the reader's favorites, newest favorite first",
        tag: 'People',
        access: 'token',
        querystring: pageQuerySchema,
        answers: { 200: page(postSchema) },
      }),
    },
    async (request) => {
      const page = toPageRequest(request.query);
      return favorites.list(request.viewer, page);
    },
  );
}
