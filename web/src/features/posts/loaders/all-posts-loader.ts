import { data, type LoaderFunctionArgs } from 'react-router';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import type { ApiResult } from '../../../lib/api-client';
import { hasSession, logFailure, mapResult, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { loadDiscover } from '../../discover';
import type { DiscoverView } from '../../discover';
import { FOLLOWING_TAB, type FeedTab } from '../components/feed-tabs';
import { summarizePage, type PostSummary } from '../../../lib/post-summary';

export interface AllPostsData {
  tab: FeedTab;
  /** null: the list depends on the reader's session, which only the browser knows. */
  posts: Deferred<ApiResult<Page<PostSummary>>> | null;
  /** The server left `posts` for the browser to load after hydration. */
  browserOnly?: true;
  /** The side panel's sections. */
  discover: Deferred<ApiResult<DiscoverView>>;
}

export function feedTabOf(url: URL): FeedTab {
  return url.searchParams.get('tab') === FOLLOWING_TAB ? 'following' : 'all';
}

/** Both feeds, newest first, by cursor; the Following feed only for a reader with a session. */
export function loadFeedPage(pageData: PageData, tab: FeedTab, cursor: string | null, signal?: AbortSignal) {
  const following = tab === 'following' && hasSession();
  const request = following ? pageData.feed(cursor, signal) : pageData.posts(cursor, signal);
  return request
    .then(logFailure(following ? 'Error fetching feed' : 'Error fetching posts'))
    .then((result) => mapResult(result, (page) => summarizePage(page)));
}

/** /allblog (specification §2): the first page of posts, rendered on the server for everyone. */
export async function allPostsLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const pageData = pageDataOf(args);
  const tab = feedTabOf(new URL(request.url));
  if (import.meta.env.SSR) {
    const discover = loadDiscover(pageData);
    // The Following feed is the reader's own: the server shows its skeleton, the browser fills it.
    if (tab === 'following')
      return { tab, posts: null, browserOnly: true, discover: await discover } satisfies AllPostsData;
    const [posts, panel] = await Promise.all([loadFeedPage(pageData, tab, null), discover]);
    return data({ tab, posts, discover: panel } satisfies AllPostsData, { status: pageStatus(posts) });
  }
  return {
    tab,
    posts: loadFeedPage(pageData, tab, null, request.signal),
    discover: loadDiscover(pageData, request.signal),
  } satisfies AllPostsData;
}
