import { profilePagePath } from '../../../contracts/site';

/** The addresses of SPEC §2, built in one place so every link agrees on the query names. */

export function readPostPath(post: { id: string; author: { username: string } }): string {
  return `/readblog?${new URLSearchParams({ id: post.id, name: post.author.username })}`;
}

/**
 * The canonical address of a post: its id alone. SPEC §2's `name` is decorative, and
 * an author who renames themselves must not change the address search engines know.
 */
export function canonicalPostPath(postId: string): string {
  return `/readblog?${new URLSearchParams({ id: postId })}`;
}

export function editPostPath(postId: string): string {
  return `/updateblog?${new URLSearchParams({ id: postId })}`;
}

/** A person's profile: `/@handle` when they have one, else `/profile?userId=` (contracts/site.ts). */
export const profilePath = profilePagePath;

/** Invitations to co-write a post, above the writer's drafts (decision 0085). */
export const COAUTHOR_INVITATIONS_PATH = '/drafts#coauthor-invitations';

/** The author's queue of comments awaiting their approval (decision 0077). */
export const HELD_COMMENTS_PATH = '/comments/held';

/** The writer's followers on the social web and their follow requests (decisions 0084, 0086). */
export const SOCIAL_FOLLOWERS_PATH = '/social-web/followers';
export const SOCIAL_FOLLOWING_PATH = '/social-web/following';
