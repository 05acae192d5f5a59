/**
 * Preview links (docs/decisions/0075-preview-links.md): a secret address that shows an unpublished
 * post to whoever has it, so a writer can ask for feedback before publishing. No Zod here: the
 * preview page's loader is in the first load of every page.
 */

/** Live links a post may have at once: one per person asked is plenty; more is a list to review. */
export const PREVIEW_LINKS_PER_POST = 10;
export const PREVIEW_MAX_DAYS = 90;
/** The preview page's path; the token is its `token` parameter. */
export const PREVIEW_PATH = '/preview';

export const PREVIEW_NOT_FOUND_MESSAGE =
  'This preview link does not work: it was revoked, has expired, or never existed.';
export const PREVIEW_LINK_NOT_FOUND_MESSAGE = 'Preview link not found';
export const PREVIEW_OF_PUBLISHED_MESSAGE = 'This post is published: share its address instead.';
export const PREVIEW_LINKS_LIMIT_MESSAGE = `A post can have at most ${PREVIEW_LINKS_PER_POST} preview links. Revoke one first.`;

/** POST /api/post/previews: days until the link stops working; null or absent, until revoked or published. */
export interface CreatePreviewLinkInput {
  expiresInDays?: number | null;
}

/** A preview link as the writer sees it. */
export interface PreviewLink {
  id: string;
  postId: string;
  /** The whole address to share, on PUBLIC_URL. */
  url: string;
  createdAt: string;
  expiresAt: string | null;
}

/** The preview page's address for a token, relative to the site. */
export const previewPath = (token: string) => `${PREVIEW_PATH}?token=${encodeURIComponent(token)}`;
