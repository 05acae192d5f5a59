import { data, type LoaderFunctionArgs } from 'react-router';
import type { Profile } from '../../../../../contracts/auth';
import type { PageData } from '../../../../../contracts/page-data';
import type { Page } from '../../../../../contracts/posts';
import type { SeriesSummary } from '../../../../../contracts/series';
import type { ApiResult } from '../../../lib/api-client';
import { logFailure, mapResult, pageStatus } from '../../../lib/loader-helpers';
import type { Deferred } from '../../../lib/loaded';
import { pageDataOf } from '../../../lib/page-data';
import { summarizeProfilePage, summarizeProfilePost, type PostSummary } from '../../../lib/post-summary';

/** A profile as the page shows it: the pinned post as a card, not its whole Markdown. */
export type ProfileView = Omit<Profile, 'pinnedPost'> & { pinnedPost: PostSummary | null };

function toProfileView(result: ApiResult<Profile>): ApiResult<ProfileView> {
  return mapResult(result, (profile) => ({
    ...profile,
    pinnedPost: profile.pinnedPost && summarizeProfilePost(profile.pinnedPost),
  }));
}

export interface ProfileData {
  /** null for plain /profile: "mine", which only the browser knows. */
  userId: string | null;
  profile: Deferred<ApiResult<ProfileView>> | null;
  posts: Deferred<ApiResult<Page<PostSummary>>> | null;
  /** The writer's series with a part readers can see (decision 0078). */
  series: Deferred<ApiResult<SeriesSummary[]>> | null;
}

function loadProfileSeries(pageData: PageData, userId: string, signal?: AbortSignal) {
  return pageData.profileSeries(userId, signal).then(logFailure('Error fetching series'));
}

export function loadProfilePostsPage(
  pageData: PageData,
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  return pageData
    .profilePosts(userId, cursor, signal)
    .then(logFailure('Error fetching profile posts'))
    .then((result) => mapResult(result, summarizeProfilePage));
}

/** /profile?userId= is public (difference 3 from the specification): the writer and their first posts; 404 for nobody. */
export async function profileLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const pageData = pageDataOf(args);
  const userId = new URL(request.url).searchParams.get('userId') || null;
  if (userId === null) return { userId, profile: null, posts: null, series: null } satisfies ProfileData;
  // Specification §8's log line for a failed profile fetch.
  const profile = pageData
    .profile(userId, request.signal)
    .then(logFailure('Error fetching profile'))
    .then(toProfileView);
  const posts = loadProfilePostsPage(pageData, userId, null, request.signal);
  const series = loadProfileSeries(pageData, userId, request.signal);
  if (!import.meta.env.SSR) return { userId, profile, posts, series } satisfies ProfileData;
  const [loadedProfile, loadedPosts, loadedSeries] = await Promise.all([profile, posts, series]);
  return data(
    { userId, profile: loadedProfile, posts: loadedPosts, series: loadedSeries } satisfies ProfileData,
    {
      status: pageStatus(loadedProfile),
    },
  );
}

/**
 * /@handle (docs/decisions/0051-handles.md): the same page as /profile?userId=, found by handle.
 * The route is a path segment of its own (`:at`), so a segment without the `@` is the not-found
 * page, as every unknown address is; a handle nobody holds is the profile page's 404 "User not found".
 * The posts are read by the id the profile answers, so the profile comes first.
 */
export async function profileByHandleLoader(args: LoaderFunctionArgs) {
  const segment = args.params.at ?? '';
  if (!segment.startsWith('@') || segment.length === 1) throw data(null, { status: 404 });
  const pageData = pageDataOf(args);
  const { signal } = args.request;
  const profile = await pageData
    .profileByHandle(segment.slice(1), signal)
    .then(logFailure('Error fetching profile'))
    .then(toProfileView);
  if (!profile.ok) {
    return data({ userId: '', profile, posts: profile, series: profile } satisfies ProfileData, {
      status: pageStatus(profile),
    });
  }
  const userId = profile.data.id;
  const posts = loadProfilePostsPage(pageData, userId, null, signal);
  const series = loadProfileSeries(pageData, userId, signal);
  // On the server the page is rendered with its posts; in the browser they may follow.
  if (!import.meta.env.SSR) return { userId, profile, posts, series } satisfies ProfileData;
  const [loadedPosts, loadedSeries] = await Promise.all([posts, series]);
  return { userId, profile, posts: loadedPosts, series: loadedSeries } satisfies ProfileData;
}
