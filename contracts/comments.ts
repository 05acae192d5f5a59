import { z } from './zod';
import { idSchema } from './ids';
import { POST_NOT_FOUND_MESSAGE, type Author } from './posts';

export const COMMENT_MAX = 5_000;
export const COMMENT_REQUIRED_MESSAGE = 'Comment is required';
export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';

export const COMMENT_EDIT_FORBIDDEN_MESSAGE = 'You can only edit your own comments';
export const COMMENT_REPLY_DELETED_MESSAGE = 'This comment was deleted; it takes no more replies';
export const COMMENT_REPLY_BLOCKED_MESSAGE = 'You cannot reply to this comment';

const commentBodySchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? COMMENT_REQUIRED_MESSAGE : 'Comment must be text',
  })
  .refine((value) => value.trim().length > 0, COMMENT_REQUIRED_MESSAGE)
  .refine(
    (value) => value.length <= COMMENT_MAX,
    `Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters`,
  );

export const commentInputSchema = z.object({
  postId: idSchema('postId', POST_NOT_FOUND_MESSAGE),
  body: commentBodySchema,
  /**
   * Issue 12 §2: the comment this one answers. Replies are one level deep: a reply to a reply
   * joins the thread of its top-level comment (decision 0032).
   */
  parentId: idSchema('parentId', COMMENT_NOT_FOUND_MESSAGE).optional(),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

/** PUT /api/post/comments?id= body: the new Markdown. */
export const commentEditSchema = z.object({ body: commentBodySchema });
export type CommentEdit = z.infer<typeof commentEditSchema>;

export interface Comment {
  id: string;
  postId: string;
  /** Markdown; '' once deleted. */
  body: string;
  /**
   * Sanitized HTML of `body`, rendered on the server; its headings start at h3, under the
   * discussion's h2. `@name` mentions are links to the profile.
   */
  bodyHtml: string;
  createdAt: string;
  /** null for a deleted comment kept for its replies: who wrote it is not shown any more. */
  author: Author | null;
  /** The top-level comment this one replies to, or null. */
  parentId: string | null;
  /** When its author last edited it, or null. */
  editedAt: string | null;
  /** A deleted comment kept so its replies still read: no author, no text ("[deleted]"). */
  deleted: boolean;
  /** On top-level comments in a discussion page: its replies, oldest first. */
  replies?: Comment[];
}
