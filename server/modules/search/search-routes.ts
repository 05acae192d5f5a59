import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '../../../contracts/posts';
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG_MESSAGE } from '../../../contracts/search';
import type { Authenticator } from '../../lib/authenticator';
import { cacheableRead } from '../../lib/response-cache';
import { parseInput } from '../../lib/validation';
import { CURSOR_MESSAGE, pageQuerySchema } from '../posts/paging';
import { decodeSearchCursor, type SearchService } from './search-service';

/** `q` as typed: any text, counted in characters a person sees (an emoji is one). */
const searchTextSchema = z
  .string({ error: 'q is required' })
  .refine((text) => text.length <= SEARCH_QUERY_MAX * 2 && [...text].length <= SEARCH_QUERY_MAX, {
    message: SEARCH_QUERY_TOO_LONG_MESSAGE,
  });

const searchQuerySchema = pageQuerySchema.pick({ limit: true }).extend({
  q: searchTextSchema,
  cursor: z.string({ error: CURSOR_MESSAGE }).max(64, CURSOR_MESSAGE).optional(),
});

const suggestQuerySchema = z.object({ q: searchTextSchema });

/** HTTP for search: ranked results with snippets, and suggestions while typing. */
export function registerSearchRoutes(
  app: FastifyInstance,
  deps: { search: SearchService; auth: Authenticator },
): void {
  const { search, auth } = deps;

  app.get('/api/search', cacheableRead('q', 'limit', 'cursor'), async (request) => {
    const query = parseInput(searchQuerySchema, request.query);
    const offset = query.cursor === undefined || query.cursor === '' ? 0 : decodeSearchCursor(query.cursor);
    return search.find(
      query.q,
      { limit: query.limit ?? PAGE_LIMIT_DEFAULT, offset },
      await auth.optional(request),
    );
  });

  app.get('/api/search/suggest', cacheableRead('q'), async (request) => {
    const { q } = parseInput(suggestQuerySchema, request.query);
    return { response: await search.suggest(q) };
  });
}
