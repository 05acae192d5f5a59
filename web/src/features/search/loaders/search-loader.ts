import { data, type LoaderFunctionArgs } from 'react-router';
import type { Page } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { searchPosts } from '../api/search-posts';
import { toSearchResultPage, type SearchResultView } from '../search-result-view';

export interface SearchPageData {
  /** The words as typed ('' before any search). */
  q: string;
  /** null when there is nothing to search for yet. */
  results: Deferred<ApiResult<Page<SearchResultView>>> | null;
}

export function loadSearchPage(q: string, cursor: string | null, signal?: AbortSignal) {
  return searchPosts(q, cursor, signal)
    .then(logFailure('Error searching'))
    .then((result) => mapResult(result, toSearchResultPage));
}

/** A query the API refuses (too long) is the reader's to fix: a 400, not a server failure. */
function searchStatus(result: ApiResult<unknown>): number {
  return !result.ok && result.error.status === 400 ? 400 : pageStatus(result);
}

/** /search?q=: the first page of ranked results, rendered on the server. */
export async function searchLoader({ request }: LoaderFunctionArgs) {
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (q.trim() === '') return { q, results: null } satisfies SearchPageData;
  const results = loadSearchPage(q, null, request.signal);
  if (!import.meta.env.SSR) return { q, results } satisfies SearchPageData;
  const loaded = await results;
  return data({ q, results: loaded } satisfies SearchPageData, { status: searchStatus(loaded) });
}

/** The next page of results, for useFetcher (app/data-routes.ts). */
export async function moreSearchResultsLoader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return loadSearchPage(url.searchParams.get('q') ?? '', url.searchParams.get('cursor'), request.signal);
}
