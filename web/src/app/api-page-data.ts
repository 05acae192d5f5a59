import type { PageData } from '../../../contracts/page-data';
import { getDiscover } from '../features/discover/api/get-discover';
import { getFavorites } from '../features/favorites/api/get-favorites';
import { getComments } from '../features/comments/api/get-comments';
import { getTestimonials } from '../features/landing/api/get-testimonials';
import { getAllPosts } from '../features/posts/api/get-all-posts';
import { getFeed } from '../features/posts/api/get-feed';
import { getPost, getPreview } from '../features/posts/api/get-post';
import { getProfilePosts } from '../features/profile/api/get-profile-posts';
import { getProfile, getProfileByHandle } from '../features/profile/api/get-profile';
import { searchPosts } from '../features/search/api/search-posts';
import { getSeries, listWritersSeries } from '../features/series/api/get-series';
import { getTagInfo } from '../features/tags/api/get-tag-info';
import { getTagPosts } from '../features/tags/api/get-tag-posts';
import { hasSession, mapResult } from '../lib/loader-helpers';

/**
 * The pages' data in the browser: the HTTP API, through the API client (its token when the read
 * is the reader's). The server reads the same through its services (server/web/service-page-data.ts).
 */
export const apiPageData: PageData = {
  posts: getAllPosts,
  feed: getFeed,
  favorites: getFavorites,
  tagPosts: getTagPosts,
  tagInfo: (name, signal) =>
    getTagInfo(name, signal).then((result) => mapResult(result, (body) => body.response)),
  post: getPost,
  preview: getPreview,
  series: (id, signal) => getSeries(id, signal).then((result) => mapResult(result, (body) => body.response)),
  comments: getComments,
  profile: getProfile,
  profileByHandle: getProfileByHandle,
  profilePosts: getProfilePosts,
  profileSeries: (userId, signal) =>
    listWritersSeries(userId, signal).then((result) => mapResult(result, (body) => body.response)),
  search: searchPosts,
  // Only a reader with a session has a panel of their own (Who to follow leaves them out).
  discover: (signal) =>
    getDiscover(hasSession(), signal).then((result) => mapResult(result, (body) => body.response)),
  testimonials: getTestimonials,
};
