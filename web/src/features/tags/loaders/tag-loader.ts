import { data, type LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import { parseTagName } from '../../../../../contracts/tag-rules';
import type { TagInfo } from '../../../../../contracts/tags';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult, notFound, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { summarizePage, type PostSummary } from '../../../lib/post-summary';

export const TOPIC_NOT_FOUND_TEXT = 'Error: Topic not found';

export interface TagPageData {
  /** The topic's normalized name, or null when the address names none. */
  name: string | null;
  info: Deferred<ApiResult<TagInfo>>;
  posts: Deferred<ApiResult<Page<PostSummary>>>;
}

export function loadTagPostsPage(
  pageData: PageData,
  name: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return pageData
    .tagPosts(name, cursor, signal)
    .then(logFailure('Error fetching topic posts'))
    .then((result) => mapResult(result, (page) => summarizePage(page)));
}

/**
 * /tag?name=: the topic and its first posts, newest first. The name is normalized by
 * the shared rule (`?name=Machine Learning` is the topic machine-learning); an address naming no
 * topic, or a topic no post carries, is the not-found page with a 404.
 */
export async function tagLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const pageData = pageDataOf(args);
  const parsed = parseTagName(new URL(request.url).searchParams.get('name') ?? '');
  if (!parsed.ok) {
    const missing = notFound(TOPIC_NOT_FOUND_TEXT);
    return data({ name: null, info: missing, posts: missing } satisfies TagPageData, { status: 404 });
  }
  const name = parsed.tag;
  const info = pageData.tagInfo(name, request.signal).then(logFailure('Error fetching topic'));
  const posts = loadTagPostsPage(pageData, name, null, request.signal);
  if (!import.meta.env.SSR) return { name, info, posts } satisfies TagPageData;
  const [loadedInfo, loadedPosts] = await Promise.all([info, posts]);
  return data({ name, info: loadedInfo, posts: loadedPosts } satisfies TagPageData, {
    status: pageStatus(loadedInfo),
  });
}

/** The next page of a topic's posts, for useFetcher (lib/data-routes.ts). */
export async function moreTagPostsLoader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const name = url.searchParams.get('name') ?? '';
  return loadTagPostsPage(pageDataOf(args), name, url.searchParams.get('cursor'), args.request.signal);
}
