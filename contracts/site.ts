/** The product's name, as feeds, the manifest and page titles show it. */
export const SITE_NAME = 'Inkwell';

/**
 * The site's pages as the open web sees them: which a crawler may read, which it should leave
 * alone, and the one canonical address of each post and profile. Shared by the sitemap, robots.txt
 * and the feeds on the server, and by the pages' canonical links.
 */

/** Public pages that exist whatever the data (specification §2): the landing page and the all-posts list. */
export const STATIC_PUBLIC_PAGES = ['/', '/allblog'] as const;

/** Pages only a signed-in writer uses (specification §2): nothing there for a search engine. */
export const PRIVATE_PAGES = [
  '/addblog',
  '/updateblog',
  '/userupdate',
  '/favorites',
  '/signin',
  '/signup',
] as const;

/**
 * A post's canonical address. The specification's `name` parameter is decorative and changes when the
 * author renames themselves, so the canonical address carries the id alone.
 */
export function postPagePath(postId: string): string {
  return `/readblog?id=${encodeURIComponent(postId)}`;
}

/** Someone a link can address: by handle when they have one, else by id. */
export interface Addressable {
  id: string;
  handle: string | null;
}

/**
 * A person's profile address: `/@handle` (docs/decisions/0051-handles.md), or by id for an account
 * without a handle. `/profile?userId=` keeps answering either way.
 */
export function profilePagePath(person: Addressable): string {
  return person.handle
    ? `/@${encodeURIComponent(person.handle)}`
    : `/profile?userId=${encodeURIComponent(person.id)}`;
}

/** A topic's page, named by its normalized tag. */
export function tagPagePath(tag: string): string {
  return `/tag?name=${encodeURIComponent(tag)}`;
}
