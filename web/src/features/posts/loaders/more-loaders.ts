import type { LoaderFunctionArgs } from 'react-router';
import { loadProfilePostsPage } from '../../profile/loaders/profile-loader';
import { feedTabOf, loadFeedPage } from './all-posts-loader';
import { loadFavoritesPage } from './favorites-loader';
import { loadCommentPage } from './read-post-loader';

/*
 * The next page of each paged list, for useFetcher (see app/data-routes.ts). Each answers the
 * ApiResult itself: a fetcher waits for it, and the list shows its own "Loading…" meanwhile.
 */

function params(request: Request) {
  const url = new URL(request.url);
  return { url, cursor: url.searchParams.get('cursor') };
}

export async function morePostsLoader({ request }: LoaderFunctionArgs) {
  const { url, cursor } = params(request);
  return loadFeedPage(feedTabOf(url), cursor, request.signal);
}

export async function moreFavoritesLoader({ request }: LoaderFunctionArgs) {
  return loadFavoritesPage(params(request).cursor, request.signal);
}

export async function moreProfilePostsLoader({ request }: LoaderFunctionArgs) {
  const { url, cursor } = params(request);
  return loadProfilePostsPage(url.searchParams.get('userId') ?? '', cursor, request.signal);
}

export async function moreCommentsLoader({ request }: LoaderFunctionArgs) {
  const { url, cursor } = params(request);
  return loadCommentPage(url.searchParams.get('postId') ?? '', cursor, request.signal);
}
