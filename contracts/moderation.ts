import { STAFF_PICKS_LIMIT } from './discover';
import type { Author } from './posts';
import { idSchema } from './ids';
import { z } from './zod';

/**
 * Operators and moderation (docs/decisions/0042-operators-and-moderation.md): shared
 * by the API's routes and the web app's /admin page and Report dialog.
 */

export const REPORT_REASONS = ['spam', 'harassment', 'illegal', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  illegal: 'Illegal content',
  other: 'Something else',
};

export const REPORT_STATES = ['open', 'resolved', 'dismissed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

export const TARGET_KINDS = ['post', 'comment'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export const REPORT_NOTE_MAX = 1000;
export const MODERATION_REASON_MAX = 500;
/** As many as the side panel shows. */
export const STAFF_PICKS_MAX = STAFF_PICKS_LIMIT;
export const TESTIMONIALS_MAX = 12;
export const TESTIMONIAL_QUOTE_MAX = 280;

export const FORBIDDEN_NOT_OPERATOR_MESSAGE = 'Only operators of this instance can do this.';
export const REPORT_TARGET_NOT_FOUND_MESSAGE = 'There is nothing to report there: it does not exist.';
export const REPORT_ALREADY_OPEN_MESSAGE = 'You already reported this; an operator will look at it.';
export const REPORT_NOT_FOUND_MESSAGE = 'Report not found';
export const REPORT_SETTLED_MESSAGE = 'This report was already settled.';
export const REPORT_THANKS_MESSAGE = 'Thanks, an operator will look at it.';
export const TOO_MANY_REPORTS_MESSAGE = 'You have sent many reports in a short time. Try again later.';
export const POST_NOT_FOUND_MESSAGE = 'Post not found';
export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const ALREADY_HIDDEN_MESSAGE = 'It is already hidden.';
export const NOT_HIDDEN_MESSAGE = 'It is not hidden.';
export const AUTHOR_SUSPENDED_MESSAGE =
  'Its author is suspended: reinstate the author to show their writing again.';
export const ALREADY_SUSPENDED_MESSAGE = 'This account is already suspended.';
export const NOT_SUSPENDED_MESSAGE = 'This account is not suspended.';
export const CANNOT_SUSPEND_OPERATOR_MESSAGE =
  'Operators cannot be suspended; take them out of ADMIN_EMAILS first.';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'This account is suspended by the operators of this site. Contact them if you think this is a mistake.';
export const PICK_NOT_PUBLIC_MESSAGE = 'Only public posts can be picked.';
export const QUOTE_NOT_IN_SOURCE_MESSAGE = 'The quote must be words the post or comment actually says.';

const targetSchema = z.object(
  {
    kind: z.enum(TARGET_KINDS, { error: 'target.kind must be "post" or "comment"' }),
    id: idSchema('target.id', REPORT_TARGET_NOT_FOUND_MESSAGE),
  },
  { error: 'target is required' },
);

/** POST /api/reports: any signed-in reader. */
export const createReportSchema = z.object({
  target: targetSchema,
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  note: z
    .string({ error: 'Note must be text' })
    .trim()
    .max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX} characters`)
    .optional(),
});
export type CreateReportInput = z.input<typeof createReportSchema>;
/** The Report dialog's fields: what the reader chooses and writes (the target is the page's). */
export const reportFormSchema = createReportSchema.pick({ reason: true, note: true });

/** The operator's optional words on a hide, delete or suspension, kept in the audit log. */
export const moderationReasonSchema = z.object({
  reason: z
    .string({ error: 'Reason must be text' })
    .trim()
    .max(MODERATION_REASON_MAX, `Reason must be at most ${MODERATION_REASON_MAX} characters`)
    .optional(),
});
export type ModerationReasonInput = z.input<typeof moderationReasonSchema>;

/** PUT /api/admin/staff-picks: the picked posts, in the order the side panel shows them. */
export const staffPicksInputSchema = z.object({
  postIds: z
    .array(idSchema('postIds', POST_NOT_FOUND_MESSAGE), { error: 'postIds must be a list of post ids' })
    .max(STAFF_PICKS_MAX, `At most ${STAFF_PICKS_MAX} staff picks`)
    .refine((ids) => new Set(ids).size === ids.length, 'A post can be picked once'),
});
export type StaffPicksInput = z.input<typeof staffPicksInputSchema>;

const testimonialInputSchema = z.object({
  source: targetSchema,
  quote: z
    .string({ error: 'Quote is required' })
    .trim()
    .min(1, 'Quote is required')
    .max(TESTIMONIAL_QUOTE_MAX, `A quote must be at most ${TESTIMONIAL_QUOTE_MAX} characters`),
});

/** PUT /api/admin/testimonials: the chosen quotes, in the landing page's order. */
export const testimonialsInputSchema = z.object({
  testimonials: z
    .array(testimonialInputSchema, { error: 'testimonials must be a list' })
    .max(TESTIMONIALS_MAX, `At most ${TESTIMONIALS_MAX} testimonials`),
});
export type TestimonialsInput = z.input<typeof testimonialsInputSchema>;

/** GET /api/admin/reports: `state` (default open) and the usual page. */
export const reportStateQuerySchema = z.object({
  state: z.enum(REPORT_STATES, { error: 'state must be open, resolved or dismissed' }).optional(),
});

/** A reported (or moderated) post or comment as the queue shows it; null fields once it is gone. */
export interface ModerationTarget {
  kind: TargetKind;
  id: string;
  /** The post's id (a comment's post), for the link; null when the target no longer exists. */
  postId: string | null;
  /** The post's title, or the comment's opening words. */
  excerpt: string | null;
  author: Author | null;
  hidden: boolean;
}

export interface Report {
  id: string;
  target: ModerationTarget;
  reason: ReportReason;
  note: string | null;
  reporter: Author;
  state: ReportState;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: Author | null;
}

export const MODERATION_ACTIONS = [
  'report.resolve',
  'report.dismiss',
  'post.hide',
  'post.restore',
  'post.delete',
  'comment.hide',
  'comment.restore',
  'comment.delete',
  'user.suspend',
  'user.reinstate',
  'staff-picks.set',
  'testimonials.set',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_TARGET_KINDS = [
  'post',
  'comment',
  'user',
  'report',
  'staff-picks',
  'testimonials',
] as const;

/** One line of the audit log: who did what to what, when and why. */
export interface ModerationLogEntry {
  id: string;
  action: ModerationAction;
  /** null when the operator's account was deleted since; `actorName` keeps their name then. */
  actorId: string | null;
  actorName: string;
  target: { kind: (typeof MODERATION_TARGET_KINDS)[number]; id: string; label: string };
  reason: string | null;
  createdAt: string;
}

/** A user as the operator's Users section lists them. */
export interface ModeratedUser {
  id: string;
  username: string;
  createdAt: string;
  suspendedAt: string | null;
  isOperator: boolean;
  postCount: number;
}

export interface StaffPick {
  postId: string;
  title: string;
  author: Author;
  /** false while the post is a draft, scheduled or hidden: the side panel skips it then. */
  public: boolean;
}

/** A quote on the landing page's wall, from a real post or comment, linked to it. */
export interface Testimonial {
  id: string;
  quote: string;
  author: Author;
  source: { kind: TargetKind; id: string; postId: string; postTitle: string };
}

export interface InstanceFigures {
  users: number;
  suspendedUsers: number;
  posts: number;
  hiddenPosts: number;
  comments: number;
  media: number;
  mediaBytes: number;
  databaseBytes: number;
  openReports: number;
}
