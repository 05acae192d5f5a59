import { data, type LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { toSearchResultPage, type SearchResultView } from '../search-result-view';

export interface SearchPageData {
  /** The words as typed ('' before any search). */
  q: string;
  /** null when there is nothing to search for yet. */
  results: Deferred<ApiResult<Page<SearchResultView>>> | null;
}

export function loadSearchPage(pageData: PageData, q: string, cursor: string | null, signal?: AbortSignal) {
  return pageData
    .search(q, cursor, signal)
    .then(logFailure('Error searching'))
    .then((result) => mapResult(result, toSearchResultPage));
}

/** A query the API refuses (too long) is the reader's to fix: a 400, not a server failure. */
function searchStatus(result: ApiResult<unknown>): number {
  return !result.ok && result.error.status === 400 ? 400 : pageStatus(result);
}

/** /search?q=: the first page of ranked results, rendered on the server. */
export async function searchLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const q = new URL(request.url).searchParams.get('q') ?? '';
  if (q.trim() === '') return { q, results: null } satisfies SearchPageData;
  const results = loadSearchPage(pageDataOf(args), q, null, request.signal);
  if (!import.meta.env.SSR) return { q, results } satisfies SearchPageData;
  const loaded = await results;
  return data({ q, results: loaded } satisfies SearchPageData, { status: searchStatus(loaded) });
}

/** The next page of results, for useFetcher (lib/data-routes.ts). */
export async function moreSearchResultsLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const q = url.searchParams.get('q') ?? '';
  return loadSearchPage(pageDataOf(args), q, url.searchParams.get('cursor'), args.request.signal);
}
