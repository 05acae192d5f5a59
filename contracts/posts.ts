import { tagsSchema } from './tags';
import { z } from './zod';

/** SPEC §5: an empty title or content is reported with this exact message. */
export const BLOG_REQUIRED_MESSAGE = 'Blog content is required';
/** SPEC §8: the read page shows 'Error: ' + this message for a post that does not exist. */
export const POST_NOT_FOUND_MESSAGE = 'Post not found';
export const TITLE_MAX = 200;
export const CONTENT_MAX = 100_000;

export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;

function blogText(max: number, label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? BLOG_REQUIRED_MESSAGE : `${label} must be text`,
    })
    .refine((value) => value.trim().length > 0, BLOG_REQUIRED_MESSAGE)
    .refine(
      (value) => value.length <= max,
      `${label} must be at most ${max.toLocaleString('en-US')} characters`,
    );
}

export const postInputSchema = z.object({
  title: blogText(TITLE_MAX, 'Title'),
  content: blogText(CONTENT_MAX, 'Content'),
});
export type PostInput = z.infer<typeof postInputSchema>;

/**
 * What `POST` and `PUT /api/post/blog` accept: the form's fields plus optional `tags` (normalized
 * by the shared rule in tags.ts). A PUT without `tags` keeps the post's tags.
 */
export const postWriteSchema = postInputSchema.extend({ tags: tagsSchema.optional() });
export type PostWriteInput = z.infer<typeof postWriteSchema>;

export interface Author {
  id: string;
  username: string;
}

export interface Post {
  id: string;
  title: string;
  /** Markdown. */
  content: string;
  createdAt: string;
  updatedAt: string;
  authorId: string;
  author: Author;
  /** Normalized topic names in the writer's order (at most 5); [] for none. */
  tags: string[];
  commentCount: number;
  favoriteCount: number;
  /** Present only when the request carries a valid token. */
  favorited?: boolean;
}

/**
 * A post as the read page shows it (GET /api/post/blog): the Markdown is also rendered and
 * sanitized on the server, so readers never download a Markdown renderer or a highlighter.
 */
export interface ReadablePost extends Post {
  /** Sanitized HTML of `content`; its headings start at h2, under the post's h1 title. */
  contentHtml: string;
  /** The first picture in the post with an absolute address, for link previews; null without one. */
  imageUrl: string | null;
}

/** One page of a newest-first (or, for comments, oldest-first) list. */
export interface Page<T> {
  response: T[];
  /** Opaque; pass back as `cursor` for the next page. null on the last page. */
  nextCursor: string | null;
}

export interface PostResponse {
  response: Post;
}

export interface ReadablePostResponse {
  response: ReadablePost;
}

export interface MessageResponse {
  message: string;
}
