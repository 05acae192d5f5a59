import type { LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { hasSession, logFailure, mapResult } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { summarizePage, type PostSummary } from '../../../lib/post-summary';

export interface FavoritesData {
  posts: Deferred<ApiResult<Page<PostSummary>>> | null;
  browserOnly?: true;
}

export function loadFavoritesPage(pageData: PageData, cursor: string | null, signal?: AbortSignal) {
  return pageData
    .favorites(cursor, signal)
    .then(logFailure('Error fetching favorites'))
    .then((result) => mapResult(result, (page) => summarizePage(page)));
}

/** /favorites is the reader's own: the server sends its skeleton, the browser loads the list. */
export async function favoritesLoader(args: LoaderFunctionArgs) {
  if (import.meta.env.SSR || !hasSession()) return { posts: null, browserOnly: true } satisfies FavoritesData;
  return { posts: loadFavoritesPage(pageDataOf(args), null, args.request.signal) } satisfies FavoritesData;
}
