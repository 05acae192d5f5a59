import { z } from './zod';
import { idSchema } from './ids';
import { POST_NOT_FOUND_MESSAGE, type Author } from './posts';

export const COMMENT_MAX = 5_000;
export const COMMENT_REQUIRED_MESSAGE = 'Comment is required';
export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';

export const commentInputSchema = z.object({
  postId: idSchema('postId', POST_NOT_FOUND_MESSAGE),
  body: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? COMMENT_REQUIRED_MESSAGE : 'Comment must be text',
    })
    .refine((value) => value.trim().length > 0, COMMENT_REQUIRED_MESSAGE)
    .refine(
      (value) => value.length <= COMMENT_MAX,
      `Comment must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters`,
    ),
});
export type CommentInput = z.infer<typeof commentInputSchema>;

export interface Comment {
  id: string;
  postId: string;
  /** Markdown. */
  body: string;
  /** Sanitized HTML of `body`, rendered on the server; its headings start at h3, under the discussion's h2. */
  bodyHtml: string;
  createdAt: string;
  author: Author;
}
