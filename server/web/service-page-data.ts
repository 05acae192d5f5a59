import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '../../contracts/posts';
import { failure, failureText, type ApiResult, type PageData } from '../../contracts/page-data';
import type { Viewer } from '../modules/accounts/authenticator';
import { HttpError } from '../lib/http-errors';
import { validateInput } from '../lib/validation';
import type { DiscoverService } from '../modules/discover/discover-service';
import type { CurationService } from '../modules/curation/curation-service';
import { pageQuerySchema, toPageRequest, toTimePageRequest } from '../modules/posts/paging';
import {
  allPostsQuerySchema,
  postIdQuerySchema,
  profilePageQuerySchema,
} from '../modules/posts/posts-routes';
import type { PostPreviewsService } from '../modules/post-previews/post-previews-service';
import { tokenQuerySchema } from '../modules/post-previews/post-previews-routes';
import { seriesIdQuerySchema, seriesListQuerySchema } from '../modules/series/series-routes';
import type { SeriesService } from '../modules/series/series-service';
import type { PostsService } from '../modules/posts/posts-service';
import { searchQuerySchema } from '../modules/search/search-routes';
import { decodeSearchCursor, type SearchService } from '../modules/search/search-service';
import { commentsQuerySchema } from '../modules/social/comments/comments-routes';
import type { CommentsService } from '../modules/social/comments/comments-service';
import type { FavoritesService } from '../modules/social/favorites/favorites-service';
import type { FollowsService } from '../modules/social/follows/follows-service';
import { tagNameQuerySchema } from '../modules/tags/tags-routes';
import type { TagsService } from '../modules/tags/tags-service';
import { profileQuerySchema, userIdQuerySchema } from '../modules/users/users-routes';
import type { UsersService } from '../modules/users/users-service';

/** The services the pages read from. */
export interface PageDataServices {
  posts: PostsService;
  postPreviews: PostPreviewsService;
  series: SeriesService;
  comments: CommentsService;
  users: UsersService;
  favorites: FavoritesService;
  follows: FollowsService;
  tags: TagsService;
  search: SearchService;
  discover: DiscoverService;
  curation: CurationService;
}

/** What the API answers a read without a session that needs one (the authenticator's words). */
const AUTHENTICATION_REQUIRED = new HttpError(401, 'Authentication required');

/**
 * The pages' data on the server (contracts/page-data.ts): each read calls the service its API
 * route calls, with the same input checks (the route's own schemas, so a malformed id is the
 * same 404 and a bad cursor the same 400) and the same viewer, and answers what the web app's
 * API client would have made of the route's answer — without the HTTP round trip through our
 * own process. `viewer` is the request's, resolved as the API resolves it; browsers keep the
 * session in local storage, so for a page they ask for it is nobody, the visitor.
 */
export function servicePageData(
  services: PageDataServices,
  viewer: Viewer | null,
  log: FastifyBaseLogger,
): PageData {
  const {
    posts,
    postPreviews,
    series,
    comments,
    users,
    favorites,
    follows,
    tags,
    search,
    discover,
    curation,
  } = services;

  /** Runs a read as its route would, turning what the route would answer as an error into a failure. */
  async function read<T>(run: () => Promise<T>): Promise<ApiResult<T>> {
    try {
      return { ok: true, data: await run() };
    } catch (error) {
      if (error instanceof HttpError) {
        return failure('http', error.statusCode, failureText(error.message), error.errors ?? {});
      }
      // The API's error handler logs and answers these as a bare 500; so does the page.
      log.error({ err: error }, 'unhandled error');
      return failure('http', 500, failureText('Internal server error'));
    }
  }
  /** The query a route receives: absent parameters are not sent, as the API client leaves them out. */
  function query<S extends z.ZodType>(schema: S, values: Record<string, string | null>): z.output<S> {
    const present = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
    const checked = validateInput(schema, present);
    if ('error' in checked) throw checked.error;
    return checked.value;
  }
  function signedIn(): Viewer {
    if (viewer === null) throw AUTHENTICATION_REQUIRED;
    return viewer;
  }

  // Each read below mirrors its route (named in contracts/page-data.ts); the reads "as the reader"
  // get the viewer, the others are read as a visitor, as the browser's client sends them.
  return {
    posts: (cursor) =>
      read(() => posts.list(toTimePageRequest(query(allPostsQuerySchema, { cursor })), null)),
    feed: (cursor) => read(() => follows.feed(signedIn(), toPageRequest(query(pageQuerySchema, { cursor })))),
    favorites: (cursor) =>
      read(() => favorites.list(signedIn(), toPageRequest(query(pageQuerySchema, { cursor })))),
    tagPosts: (tag, cursor) =>
      read(() => {
        const parsed = query(allPostsQuerySchema, { tag, cursor });
        const page = toTimePageRequest(parsed);
        return parsed.tag === undefined ? posts.list(page, null) : posts.listByTag(parsed.tag, page, null);
      }),
    tagInfo: (name) => read(() => tags.info(query(tagNameQuerySchema, { name }).name, viewer)),
    post: (id) => read(() => posts.read(query(postIdQuerySchema, { id }).id, viewer)),
    series: (id) => read(() => series.read(query(seriesIdQuerySchema, { id }).id)),
    profileSeries: (userId) =>
      read(() => series.listPublic({ userId: query(seriesListQuerySchema, { userId }).userId ?? '' })),
    preview: (token) => read(() => postPreviews.read(query(tokenQuerySchema, { token }).token)),
    comments: (postId, cursor) =>
      read(() => {
        const parsed = query(commentsQuerySchema, { postId, cursor });
        return comments.list(parsed.postId, toPageRequest(parsed), null);
      }),
    profile: (userId) => read(() => users.profile(query(userIdQuerySchema, { userId }).userId, viewer)),
    profileByHandle: (handle) =>
      read(() => users.profileByHandle(query(profileQuerySchema, { handle }).handle ?? '', viewer)),
    profilePosts: (userId, cursor) =>
      read(() => {
        const parsed = query(profilePageQuerySchema, { userId, cursor });
        return posts.listByAuthor(parsed.userId, toTimePageRequest(parsed), null);
      }),
    search: (q, cursor) =>
      read(() => {
        const parsed = query(searchQuerySchema, { q, cursor });
        const offset =
          parsed.cursor === undefined || parsed.cursor === '' ? 0 : decodeSearchCursor(parsed.cursor);
        return search.find(parsed.q, { limit: parsed.limit ?? PAGE_LIMIT_DEFAULT, offset }, null);
      }),
    discover: () => read(() => discover.panel(viewer)),
    testimonials: () => read(() => curation.testimonials(true)),
  };
}
