import type { LoaderFunctionArgs } from 'react-router';
import { pageDataOf } from '../../../lib/page-data';
import { loadProfilePostsPage } from '../../profile';
import { feedTabOf, loadFeedPage } from './all-posts-loader';
import { loadFavoritesPage } from './favorites-loader';
import { loadCommentPage } from './read-post-loader';

/*
 * The next page of each paged list, for useFetcher (see lib/data-routes.ts). Each answers the
 * ApiResult itself: a fetcher waits for it, and the list shows its own "Loading…" meanwhile.
 */

function params(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  return {
    url,
    cursor: url.searchParams.get('cursor'),
    pageData: pageDataOf(args),
    signal: args.request.signal,
  };
}

export async function morePostsLoader(args: LoaderFunctionArgs) {
  const { url, cursor, pageData, signal } = params(args);
  return loadFeedPage(pageData, feedTabOf(url), cursor, signal);
}

export async function moreFavoritesLoader(args: LoaderFunctionArgs) {
  const { cursor, pageData, signal } = params(args);
  return loadFavoritesPage(pageData, cursor, signal);
}

export async function moreProfilePostsLoader(args: LoaderFunctionArgs) {
  const { url, cursor, pageData, signal } = params(args);
  return loadProfilePostsPage(pageData, url.searchParams.get('userId') ?? '', cursor, signal);
}

export async function moreCommentsLoader(args: LoaderFunctionArgs) {
  const { url, cursor, pageData, signal } = params(args);
  return loadCommentPage(pageData, url.searchParams.get('postId') ?? '', cursor, signal);
}
