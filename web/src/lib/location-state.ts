/** What a page may hand to /allblog when it navigates there, e.g. after deleting a post. */
export interface AllPostsLocationState {
  notice: string;
  /** A link after the notice, e.g. to the post just published. */
  link?: { to: string; label: string };
}

export const POST_DELETED_NOTICE = 'Your post was deleted.';

export function isAllPostsLocationState(value: unknown): value is AllPostsLocationState {
  return (
    typeof value === 'object' && value !== null && typeof (value as { notice?: unknown }).notice === 'string'
  );
}
