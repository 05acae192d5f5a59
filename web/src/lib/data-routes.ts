/**
 * Addresses of the routes that only load data: the next page of a list, fetched with useFetcher
 * through a route loader like every other read. They exist in the browser's router only; the
 * server answers them with the not-found page.
 */
export const DATA_PATHS = {
  posts: '/_data/posts',
  favorites: '/_data/favorites',
  profilePosts: '/_data/profile-posts',
  comments: '/_data/comments',
  tagPosts: '/_data/tag-posts',
  search: '/_data/search',
  discover: '/_data/discover',
} as const;

export function dataPath(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}
