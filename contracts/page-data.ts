import type { Profile } from './auth';
import type { Comment } from './comments';
import type { Discover } from './discover';
import type { Testimonial } from './moderation';
import type { Page, Post, ReadablePost } from './posts';
import type { SearchResult } from './search';
import type { Series, SeriesSummary } from './series';
import type { TagInfo } from './tags';

/** The `errors` map of an ApiErrorBody (contracts/errors.ts): field name → messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * A failed read, already worded for the user. `kind` lets callers act on it: 'http' means the
 * answer was a non-2xx status, 'network' that nothing came back, 'unexpected' that the answer
 * could not be read, 'aborted' that the caller cancelled (never shown).
 */
export interface ApiFailure {
  kind: 'http' | 'network' | 'unexpected' | 'aborted';
  /** The HTTP status when there was an answer, otherwise null. */
  status: number | null;
  /** The text to show (specification §8). */
  message: string;
  /** Field name → messages, for forms to show under each input. */
  fieldErrors: FieldErrors;
}

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiFailure };

export function failure(
  kind: ApiFailure['kind'],
  status: number | null,
  message: string,
  fieldErrors: FieldErrors = {},
): { ok: false; error: ApiFailure } {
  return { ok: false, error: { kind, status, message, fieldErrors } };
}

/** Specification §8: 'Error: ' + the server's message, or 'Error: Server Error' when it gave none. */
export function failureText(message: unknown): string {
  const text = typeof message === 'string' ? message.trim() : '';
  return `Error: ${text || 'Server Error'}`;
}

/**
 * Everything a page's loaders read (web/src/features/…/loaders), one method per read, answering
 * exactly what the HTTP API answers for it: the same contract objects, and the same failures (a
 * missing post is a 404 'Error: Post not found', a draft is a 404 to anyone but its author, a
 * cursor that cannot be read a 400…).
 *
 * Two implementations, chosen once: in the browser, the API client over HTTP
 * (web/src/app/api-page-data.ts); on the server, the services called directly
 * (server/web/service-page-data.ts), so rendering a page never goes through the HTTP pipeline
 * of its own process. tests/api/page-data.test.ts renders pages with both and checks that they
 * give the same page.
 *
 * "As the reader" reads carry the reader's session (a post's `favorited`, a draft for its
 * author, a profile's `following`…); the others are read as a visitor, the same for everyone,
 * which lets the API's response cache answer them. `signal` cancels a read in the browser.
 */
export interface PageData {
  /** GET /api/post/blog/all: published posts, newest first. */
  posts(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>>;
  /** GET /api/post/feed, as the reader: posts by the writers and in the topics they follow. */
  feed(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>>;
  /** GET /api/post/favorites, as the reader. */
  favorites(cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>>;
  /** GET /api/post/blog/all?tag=: one topic's posts, newest first. */
  tagPosts(tag: string, cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>>;
  /** GET /api/tags/info, as the reader: the topic's header. */
  tagInfo(name: string, signal?: AbortSignal): Promise<ApiResult<TagInfo>>;
  /** GET /api/post/blog, as the reader: one post with its rendered HTML. */
  post(id: string, signal?: AbortSignal): Promise<ApiResult<ReadablePost>>;
  /** GET /api/series: a series and the parts readers can see, in order (a visitor's read). */
  series(id: string, signal?: AbortSignal): Promise<ApiResult<Series>>;
  /** GET /api/post/preview: an unpublished post through its preview link (a visitor's read). */
  preview(token: string, signal?: AbortSignal): Promise<ApiResult<ReadablePost>>;
  /** GET /api/post/comments: a post's discussion, oldest first. */
  comments(postId: string, cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Comment>>>;
  /** GET /api/user/profile, as the reader. */
  profile(userId: string, signal?: AbortSignal): Promise<ApiResult<Profile>>;
  /** GET /api/user/profile?handle=, as the reader: the /@handle page's profile. */
  profileByHandle(handle: string, signal?: AbortSignal): Promise<ApiResult<Profile>>;
  /** GET /api/post/profile: one writer's published posts, newest first. */
  profilePosts(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<Post>>>;
  /** GET /api/series/list?userId=: a writer's series with a part readers can see, newest first. */
  profileSeries(userId: string, signal?: AbortSignal): Promise<ApiResult<SeriesSummary[]>>;
  /** GET /api/search: ranked results with their passages. */
  search(q: string, cursor: string | null, signal?: AbortSignal): Promise<ApiResult<Page<SearchResult>>>;
  /** GET /api/discover, as the reader: the side panel. */
  discover(signal?: AbortSignal): Promise<ApiResult<Discover>>;
  /** GET /api/testimonials: the landing page's quotes. */
  testimonials(signal?: AbortSignal): Promise<ApiResult<Testimonial[]>>;
}
