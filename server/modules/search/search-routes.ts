import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '../../../contracts/posts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG_MESSAGE } from '../../../contracts/search';
import { cacheableRead } from '../../lib/response-cache';
import { CURSOR_MESSAGE, pageQuerySchema } from '../posts/paging';
import { decodeSearchCursor, type SearchService } from './search-service';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { answer, page, searchResultSchema, suggestionsSchema } from '../../openapi/answers';

/** `q` as typed: any text, counted in characters a person sees (an emoji is one). */
const searchTextSchema = z
  .string({ error: 'q is required' })
  .refine((text) => text.length <= SEARCH_QUERY_MAX * 2 && [...text].length <= SEARCH_QUERY_MAX, {
    message: SEARCH_QUERY_TOO_LONG_MESSAGE,
  });

export const searchQuerySchema = pageQuerySchema.pick({ limit: true }).extend({
  q: searchTextSchema,
  cursor: z.string({ error: CURSOR_MESSAGE }).max(64, CURSOR_MESSAGE).optional(),
});

const suggestQuerySchema = z.object({ q: searchTextSchema });

/** HTTP for search: ranked results with snippets, and suggestions while typing. */
export function registerSearchRoutes(app: FastifyInstance, deps: { search: SearchService }): void {
  const { search } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/search',
    {
      ...cacheableRead('q', 'limit', 'cursor'),
      schema: declareRoute({
        summary: 'Search posts, most relevant first',
        description:
          'PostgreSQL `websearch_to_tsquery` syntax on both databases: all words, `"a phrase"`, `-word`, `or`. At most 200 results deep.',
        tag: 'Discovery',
        access: 'optional',
        querystring: searchQuerySchema,
        answers: { 200: page(searchResultSchema) },
      }),
    },
    async (request) => {
      const query = request.query;
      const offset = query.cursor === undefined || query.cursor === '' ? 0 : decodeSearchCursor(query.cursor);
      return search.find(query.q, { limit: query.limit ?? PAGE_LIMIT_DEFAULT, offset }, request.viewer);
    },
  );

  api.get(
    '/api/search/suggest',
    {
      ...cacheableRead('q'),
      schema: declareRoute({
        summary: 'Suggest posts, topics and writers while typing',
        description: 'Up to 5 of each; nothing under 2 characters.',
        tag: 'Discovery',
        access: 'public',
        querystring: suggestQuerySchema,
        answers: { 200: answer(suggestionsSchema) },
      }),
    },
    async (request) => {
      const { q } = request.query;
      return { response: await search.suggest(q) };
    },
  );
}
