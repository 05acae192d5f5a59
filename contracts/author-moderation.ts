import { z } from './zod';
import type { Comment } from './comments';
import type { Author } from './posts';

/** The author's own moderation of the comments under their posts (decision 0077). */

export const COMMENTS_CLOSED_MESSAGE = 'Comments are closed on this post';
export const COMMENT_AUTHOR_BLOCKED_MESSAGE = "The post's author does not take your comments";
export const COMMENT_MODERATE_FORBIDDEN_MESSAGE =
  "Only the post's author (or its publication's editors) moderates its comments";
export const COMMENT_NOT_HELD_MESSAGE = 'This comment is not awaiting approval';
export const COMMENT_HELD_MESSAGE = 'This comment awaits approval: approve or reject it';

/** What moderating a comment does: `hide` and `show` are for a shown (or hidden) comment. */
export const COMMENT_ACTIONS = ['approve', 'reject', 'hide', 'show'] as const;
export type CommentAction = (typeof COMMENT_ACTIONS)[number];

export const commentActionSchema = z.strictObject({
  action: z.enum(COMMENT_ACTIONS, { error: `Action must be one of ${COMMENT_ACTIONS.join(', ')}` }),
});

export const commentsClosedSchema = z.strictObject({
  closed: z.boolean({ error: 'closed must be true or false' }),
});

/** The writer's defaults, in Settings. */
export interface CommentSettings {
  /** A first-time commenter's comments on the writer's posts wait for approval. */
  holdFirstComments: boolean;
  /** New posts start with comments closed. */
  closeCommentsOnNewPosts: boolean;
}

export const commentSettingsSchema = z.strictObject({
  holdFirstComments: z.boolean({ error: 'holdFirstComments must be true or false' }).optional(),
  closeCommentsOnNewPosts: z.boolean({ error: 'closeCommentsOnNewPosts must be true or false' }).optional(),
});
export type CommentSettingsInput = z.infer<typeof commentSettingsSchema>;

/** One line of the author's queue: the held comment and the post it is under. */
export interface HeldComment {
  comment: Comment;
  post: { id: string; title: string; author: Author };
}
