import type { Comment } from '../../../contracts/comments';
import type { Author, Page, Post, PostCover, ReadablePost } from '../../../contracts/posts';
import { listPreview, metaDescription, profilePreview } from '../../../contracts/preview';
import type { PostPublication } from '../../../contracts/publications';
import { memoizeRecent } from '../../../contracts/memo';

// The same posts are previewed for every reader: each text is worked out once per version of the
// post (an edit moves updatedAt) while it is recent.
const RECENT_POSTS = 2_000;
const versionOf = (post: Pick<Post, 'id' | 'updatedAt'>) => `${post.id} ${post.updatedAt}`;
const cachedListPreview = memoizeRecent((post: Post) => listPreview(post.content), versionOf, RECENT_POSTS);
const cachedProfilePreview = memoizeRecent(
  (post: Post) => profilePreview(post.content),
  versionOf,
  RECENT_POSTS,
);
const cachedDescription = memoizeRecent(
  (post: ReadablePost) => metaDescription(post.content),
  versionOf,
  RECENT_POSTS,
);

/**
 * What a list shows of a post: its preview instead of its whole Markdown, so a page of cards (and
 * the data the browser hydrates it with) stays small whatever the posts' length.
 */
export interface PostSummary {
  id: string;
  title: string;
  author: Author;
  /** The authors after the first (decision 85); absent for a post with one author. */
  coAuthors?: Author[];
  createdAt: string;
  /** The date a list shows: the publication time (null only for the writer's own drafts). */
  publishedAt: string | null;
  cover: PostCover | null;
  commentCount: number;
  /** The post's topics' addresses, in the writer's order: links on the card. */
  tags: string[];
  /** The same topics by their names as typed (`C++`): what the card shows. */
  tagLabels: string[];
  /** Reading time in whole minutes, worked out on the server. */
  readingMinutes: number;
  /** Shown on the card's favorite button. */
  favoriteCount: number;
  /** SPEC §9: the all-posts preview on cards, the profile preview on a profile's list. */
  preview: string;
  /** The team publication it is in, named on the card; null in its author's own blog. */
  publication: PostPublication | null;
}

export type PreviewRule = (post: Post) => string;

/** A post's publication as reader pages name it: a team's; a writer's own blog goes unsaid. */
export function teamPublication(publication: PostPublication | null): PostPublication | null {
  return publication && !publication.personal ? publication : null;
}

function summarize(post: Post, preview: PreviewRule): PostSummary {
  return {
    id: post.id,
    title: post.title,
    author: post.author,
    ...(post.authors.length > 1 ? { coAuthors: post.authors.slice(1) } : {}),
    createdAt: post.createdAt,
    publishedAt: post.publishedAt,
    cover: post.cover,
    commentCount: post.commentCount,
    tags: post.tags,
    tagLabels: post.tagLabels,
    readingMinutes: post.readingMinutes,
    favoriteCount: post.favoriteCount,
    preview: preview(post),
    publication: teamPublication(post.publication),
  };
}

export function summarizePage(page: Page<Post>, preview: PreviewRule = cachedListPreview): Page<PostSummary> {
  return { response: page.response.map((post) => summarize(post, preview)), nextCursor: page.nextCursor };
}

export const summarizeProfilePage = (page: Page<Post>) => summarizePage(page, cachedProfilePreview);

/** One post as a profile's list shows it (the pinned post above the list). */
export const summarizeProfilePost = (post: Post) => summarize(post, cachedProfilePreview);

/**
 * The read page's post: the rendered HTML is all it shows of the body, so the Markdown stays on the
 * server, and only its description (for the head) comes along.
 */
export type PostView = Omit<ReadablePost, 'content' | PostSetting> &
  Partial<Pick<ReadablePost, PostSetting>> & { description: string };

/** The post's own settings (decision 79): most posts have none, so the page's data leaves them out. */
type PostSetting = 'slug' | 'metaTitle' | 'metaDescription' | 'socialImage' | 'canonicalUrl';
const SETTINGS: PostSetting[] = ['slug', 'metaTitle', 'metaDescription', 'socialImage', 'canonicalUrl'];

export function toPostView(post: ReadablePost): PostView {
  const { content: _markdown, ...view }: Omit<PostView, 'description'> & { content: string } = post;
  for (const key of SETTINGS) if (view[key] === null) delete view[key];
  return { ...view, description: cachedDescription(post) };
}

/** A comment as the discussion shows it: its rendered HTML, not its Markdown. */
export type CommentView = Omit<Comment, 'body'>;

export function toCommentPage(page: Page<Comment>): Page<CommentView> {
  return {
    response: page.response.map(({ body: _markdown, ...comment }) => comment),
    nextCursor: page.nextCursor,
  };
}
