import type { Page } from '../../../contracts/posts';
import {
  SEARCH_MAX_RESULTS,
  SUGGEST_LIMIT,
  SUGGEST_MIN_CHARS,
  type SearchResult,
  type SearchSuggestions,
} from '../../../contracts/search';
import { normalizeTag } from '../../../contracts/tags';
import type { Viewer } from '../accounts/authenticator';
import { badRequest } from '../../lib/http-errors';
import { CURSOR_MESSAGE } from '../posts/paging';
import type { PostsRepository } from '../posts/posts-repository';
import type { TagsRepository } from '../tags/tags-repository';
import { cleanSearchText, isEmptyQuery, parseSearchQuery, wantedWords, wordsOf } from './search-query';
import type { SearchRepository } from './search-repository';
import { buildSnippet, highlightAll, searchKeys } from './snippet';

export interface SearchPageRequest {
  limit: number;
  offset: number;
}

/** Search cursors are opaque like every cursor (base64url of the offset), and only so deep. */
export function encodeSearchCursor(offset: number): string {
  return Buffer.from(String(offset), 'utf8').toString('base64url');
}

export function decodeSearchCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const offset = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(offset > 0 && offset < SEARCH_MAX_RESULTS) || encodeSearchCursor(offset) !== cursor) {
    throw badRequest(CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
  }
  return offset;
}

/** Search rules: what a query means, how deep results go, snippets, suggestions while typing. */
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly posts: PostsRepository,
    private readonly tags: TagsRepository,
  ) {}

  async find(rawQuery: string, page: SearchPageRequest, viewer: Viewer | null): Promise<Page<SearchResult>> {
    const query = parseSearchQuery(rawQuery);
    const limit = Math.min(page.limit, SEARCH_MAX_RESULTS - page.offset);
    if (isEmptyQuery(query) || limit <= 0) return { response: [], nextCursor: null };

    const ids = await this.search.rankedPostIds(query, limit + 1, page.offset);
    const pageIds = ids.slice(0, limit);
    const posts = new Map(
      (await this.posts.findPublicByIds(pageIds, viewer?.id ?? null, new Date().toISOString())).map(
        (post) => [post.id, post],
      ),
    );
    const keys = searchKeys(wantedWords(query));
    const response: SearchResult[] = [];
    for (const id of pageIds) {
      const post = posts.get(id);
      // A post deleted between the two reads is simply left out.
      if (!post) continue;
      response.push({
        ...post,
        snippet: buildSnippet(post.content, keys),
        titleSnippet: highlightAll(post.title, keys),
      });
    }
    const next = page.offset + limit;
    return {
      response,
      nextCursor: ids.length > limit && next < SEARCH_MAX_RESULTS ? encodeSearchCursor(next) : null,
    };
  }

  async suggest(rawQuery: string): Promise<SearchSuggestions> {
    const text = cleanSearchText(rawQuery).trim().replace(/\s+/g, ' ');
    if ([...text].length < SUGGEST_MIN_CHARS) return { posts: [], tags: [], authors: [] };
    const prefixes = wordsOf(text)
      .filter((word) => [...word].length >= SUGGEST_MIN_CHARS)
      .slice(0, 5);
    const tagPrefix = normalizeTag(text);
    const [posts, tags, authors] = await Promise.all([
      prefixes.length > 0 ? this.search.suggestTitles(prefixes, SUGGEST_LIMIT) : [],
      tagPrefix !== '' ? this.tags.mostUsed(SUGGEST_LIMIT, tagPrefix) : [],
      this.search.suggestAuthors(text, SUGGEST_LIMIT),
    ]);
    return { posts, tags, authors };
  }
}
