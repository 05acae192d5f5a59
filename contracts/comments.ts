import { z } from './zod';
import { idSchema } from './ids';
import { POST_NOT_FOUND_MESSAGE, type Author } from './posts';
import {
  collapseSpace,
  normalizeQuote,
  PASSAGE_CONTEXT_LENGTH,
  PASSAGE_QUOTE_MAX,
  type PassageAnchor,
} from './passage-anchor';

export const COMMENT_MAX = 5_000;
export const COMMENT_REQUIRED_MESSAGE = 'Comment is required';
export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';

export const COMMENT_EDIT_FORBIDDEN_MESSAGE = 'You can only edit your own comments';
export const COMMENT_REPLY_DELETED_MESSAGE = 'This comment was deleted; it takes no more replies';
export const COMMENT_REPLY_BLOCKED_MESSAGE = 'You cannot reply to this comment';
export const PASSAGE_REQUIRED_MESSAGE = 'Quoted passage is required';
export const PASSAGE_NOT_IN_POST_MESSAGE = 'The quoted passage is not in this post';
export const PASSAGE_ON_REPLY_MESSAGE = 'A reply answers its comment; only a new comment can quote a passage';
/** The most in-line comments GET /api/post/passages answers for one post (oldest first). */
export const PASSAGE_COMMENTS_MAX = 500;

/** Raw input a little longer than what is kept is fine: it is collapsed and clipped first. */
const PASSAGE_RAW_MAX = 4 * PASSAGE_QUOTE_MAX;

const passageContext = (side: 'prefix' | 'suffix') =>
  z
    .string({ error: `Passage ${side} must be text` })
    .max(PASSAGE_RAW_MAX, `Passage ${side} is too long`)
    .optional()
    .transform((value) => {
      const collapsed = collapseSpace(value ?? '');
      // The stored form is what the limit is about: the context nearest the quote is kept.
      return side === 'prefix'
        ? collapsed.slice(-PASSAGE_CONTEXT_LENGTH)
        : collapsed.slice(0, PASSAGE_CONTEXT_LENGTH);
    });

/**
 * The passage an in-line comment is about, by its words and a little context on
 * either side (contracts/passage-anchor.ts finds it again after edits).
 */
export const passageAnchorSchema = z.object({
  quote: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null
          ? PASSAGE_REQUIRED_MESSAGE
          : 'Quoted passage must be text',
    })
    .max(
      PASSAGE_RAW_MAX,
      `Quoted passage must be at most ${PASSAGE_QUOTE_MAX.toLocaleString('en-US')} characters`,
    )
    .transform(normalizeQuote)
    .refine((value) => value.length > 0, PASSAGE_REQUIRED_MESSAGE)
    .refine(
      (value) => value.length <= PASSAGE_QUOTE_MAX,
      `Quoted passage must be at most ${PASSAGE_QUOTE_MAX.toLocaleString('en-US')} characters`,
    ),
  prefix: passageContext('prefix'),
  suffix: passageContext('suffix'),
});

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

export const commentInputSchema = z
  .object({
    postId: idSchema('postId', POST_NOT_FOUND_MESSAGE),
    body: commentBodySchema,
    /**
     * The comment this one answers. Replies are one level deep: a reply to a reply
     * joins the thread of its top-level comment (decision 0032).
     */
    parentId: idSchema('parentId', COMMENT_NOT_FOUND_MESSAGE).optional(),
    /** An in-line comment quotes the passage it is about. Top-level comments only. */
    anchor: passageAnchorSchema.optional(),
  })
  .refine((input) => input.anchor === undefined || input.parentId === undefined, {
    message: PASSAGE_ON_REPLY_MESSAGE,
    path: ['anchor'],
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
  /**
   * An in-line comment's passage, or null. `found` is false once the post no longer
   * holds it, even changed a little: the comment is then "on an earlier version".
   */
  anchor: CommentAnchor | null;
  /**
   * Only on a comment an operator hid (or whose author is suspended), and only to its author: no
   * one else sees it at all.
   */
  hidden?: boolean;
  /**
   * Only to its writer (and in the post's author's queue), decision 0077: 'held' awaits the post's
   * author's approval, 'hidden' the post's author hid it. No one else sees it at all.
   */
  withheld?: CommentWithheld;
  /**
   * Only on a comment that came from the social web (decision 0084): its author there, whose
   * `@user@host` is also `author.username`, and the address of the original.
   */
  remote?: CommentRemote;
}

/** Who wrote a comment on another server, and where it is there (decision 0084). */
export interface CommentRemote {
  /** The remote actor's id. */
  actor: string;
  /** `@user@host`. */
  handle: string;
  /** The name they show there; null for none. */
  name: string | null;
  /** Their profile page on their server. */
  profileUrl: string | null;
  /** Their picture's address on their server (https), or null. */
  pictureUrl: string | null;
  /** The original's address on its server (the Note's url, else its id); null if unknown. */
  url: string | null;
}

export type CommentWithheld = 'held' | 'hidden';

export interface CommentAnchor extends PassageAnchor {
  found: boolean;
}
