import type { Comment } from '../../../../contracts/comments';
import type { Author, Page, Post, ReadablePost } from '../../../../contracts/posts';
import { listPreview, metaDescription, profilePreview } from '../../../../contracts/preview';

/**
 * What a list shows of a post: its preview instead of its whole Markdown, so a page of cards (and
 * the data the browser hydrates it with) stays small whatever the posts' length.
 */
export interface PostSummary {
  id: string;
  title: string;
  author: Author;
  createdAt: string;
  commentCount: number;
  /** SPEC §9: the all-posts preview on cards, the profile preview on a profile's list. */
  preview: string;
}

export type PreviewRule = (markdown: string) => string;

function summarize(post: Post, preview: PreviewRule): PostSummary {
  return {
    id: post.id,
    title: post.title,
    author: post.author,
    createdAt: post.createdAt,
    commentCount: post.commentCount,
    preview: preview(post.content),
  };
}

export function summarizePage(page: Page<Post>, preview: PreviewRule = listPreview): Page<PostSummary> {
  return { response: page.response.map((post) => summarize(post, preview)), nextCursor: page.nextCursor };
}

export const summarizeProfilePage = (page: Page<Post>) => summarizePage(page, profilePreview);

/**
 * The read page's post: the rendered HTML is all it shows of the body, so the Markdown stays on the
 * server, and only its description (for the head) comes along.
 */
export type PostView = Omit<ReadablePost, 'content'> & { description: string };

export function toPostView({ content, ...post }: ReadablePost): PostView {
  return { ...post, description: metaDescription(content) };
}

/** A comment as the discussion shows it: its rendered HTML, not its Markdown. */
export type CommentView = Omit<Comment, 'body'>;

export function toCommentPage(page: Page<Comment>): Page<CommentView> {
  return {
    response: page.response.map(({ body: _markdown, ...comment }) => comment),
    nextCursor: page.nextCursor,
  };
}
