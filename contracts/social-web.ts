import { COMMENT_MAX } from './comments';
import { isUuid } from './ids';
import { z } from './zod';

export const SERVER_HOST_MESSAGE = 'Give the server’s name, like mastodon.example';

/**
 * A server's name as the operator types it (decision 0084): `mastodon.example`, with a port if it
 * has one, or any address on it; kept lower-cased as `host` (name and port), the way activities'
 * ids and key ids name it.
 */
export const serverHostSchema = z
  .string({ error: SERVER_HOST_MESSAGE })
  .trim()
  .min(1, SERVER_HOST_MESSAGE)
  .max(300, SERVER_HOST_MESSAGE)
  .transform((value, context) => {
    let host: string;
    try {
      host = new URL(value.includes('://') ? value : `https://${value}`).host.toLowerCase();
    } catch {
      host = '';
    }
    if (host === '' || (!host.includes('.') && !host.includes(':'))) {
      context.addIssue({ code: 'custom', message: SERVER_HOST_MESSAGE });
      return z.NEVER;
    }
    return host;
  });

export const blockServerSchema = z.strictObject({ host: serverHostSchema });
export type BlockServerInput = z.infer<typeof blockServerSchema>;

/** A server the operator blocked: nothing from it is taken, nothing goes to it. */
export interface BlockedServer {
  host: string;
  createdAt: string;
}

/** A writer's answer to a follow request, or removal of a follower: the remote actor's id. */
export const remoteActorQuerySchema = z.strictObject({
  actor: z.url({ error: 'actor must be the remote account’s address' }).max(2048),
});

export const approveFollowersSchema = z.strictObject({
  approveFollowers: z.boolean({ error: 'approveFollowers must be true or false' }),
});

/** A writer's followers on the social web and their requests (decision 0084). */
export interface SocialFollowers {
  /** Follows wait for the writer's answer. */
  approveFollowers: boolean;
  /** Requests first, then followers, newest first. */
  followers: {
    actor: string;
    /** `@user@host`, or null when its server gave no name. */
    handle: string | null;
    name: string | null;
    state: 'accepted' | 'pending';
    since: string;
    /** The account standing for it here, which `POST /api/user/block?userId=` blocks; null for an older follow. */
    accountId: string | null;
    /** Its picture (https only), as its server last showed it. */
    pictureUrl: string | null;
    /** Its profile page on its server (http or https), else its actor's address. */
    profileUrl: string | null;
  }[];
}

export const FOLLOW_REMOTE_MESSAGE = 'Give the account as @name@host, or its address';

/** An account on another server to follow (decision 0090): `@name@host`, or its actor's address. */
export const followRemoteSchema = z.strictObject({
  account: z
    .string({ error: FOLLOW_REMOTE_MESSAGE })
    .trim()
    .min(3, FOLLOW_REMOTE_MESSAGE)
    .max(2048, FOLLOW_REMOTE_MESSAGE),
});
export type FollowRemoteInput = z.infer<typeof followRemoteSchema>;

/** A remote account as a reader here sees it. */
export interface RemoteActorSummary {
  /** Its actor's id (its address). */
  actor: string;
  /** `@user@host`. */
  handle: string | null;
  name: string | null;
  /** https only, as its server last showed it. */
  pictureUrl: string | null;
  /** Its profile page on its server. */
  profileUrl: string | null;
}

/** Whom a reader here follows on the social web (decision 0090). */
export interface SocialFollowing extends RemoteActorSummary {
  /** `pending` until the account's server sends its Accept. */
  state: 'accepted' | 'pending';
  since: string;
}

/** One post of a reader's social-web timeline (decision 0090): a remote Article or Note. */
export interface SocialTimelineItem {
  /** The post's id here, which liking, boosting and replying name. */
  id: string;
  /** This line of the timeline: the post's id, or its boost's when a followed account boosted it. */
  entryId: string;
  /** The followed account that boosted it, when that is why it is here (decision 0094's addendum). */
  boostedBy: RemoteActorSummary | null;
  /** When it was boosted; null when it is here as its author's post. */
  boostedAt: string | null;
  /** Its ActivityPub id. */
  objectId: string;
  kind: 'Article' | 'Note';
  /** The Article's title; null for a Note. */
  title: string | null;
  /** Plain text; null when it has none. */
  summary: string | null;
  /** Markdown, made from its HTML by the same sanitizer as remote replies. */
  content: string;
  /** That Markdown rendered and sanitized as a comment's is, for the timeline's screen. */
  contentHtml: string;
  /** Where people read it on its server. */
  url: string | null;
  publishedAt: string;
  updatedAt: string | null;
  author: RemoteActorSummary;
  /** Whether the reader liked it (decision 0094). */
  liked: boolean;
  /** Whether the reader boosted it. */
  boosted: boolean;
  /** The reader's replies to it and the answers to those, oldest first. */
  replies: SocialTimelineReply[];
}

/** A reader's reply to a timeline's post, or an answer to it from the social web (decision 0094). */
export interface SocialTimelineReply {
  id: string;
  /** Its Note's id. */
  noteId: string;
  /** The Note it answers: the post, or the reader's reply. */
  inReplyTo: string;
  /** The reader's own reply (its author is null), or an answer. */
  mine: boolean;
  /** Who answered; null for the reader's own reply. */
  author: RemoteActorSummary | null;
  /** Markdown. */
  content: string;
  /** That Markdown rendered and sanitized, as a comment's is. */
  contentHtml: string;
  /** Where people read an answer on its server; null for the reader's own. */
  url: string | null;
  publishedAt: string;
}

export const TIMELINE_ID_MESSAGE = 'id must be the id of a post in your social-web timeline';
export const TIMELINE_REPLY_ID_MESSAGE = 'id must be the id of one of your replies';
export const REPLY_REQUIRED_MESSAGE = 'Write your reply';

/**
 * The post of the reader's timeline to like, boost or reply to, by its `id` there (decision 0094).
 * Anything but an id is a 400: unlike a read of something public, nothing else can be meant.
 */
export const timelineItemQuerySchema = z.strictObject({
  id: z.string({ error: TIMELINE_ID_MESSAGE }).trim().refine(isUuid, TIMELINE_ID_MESSAGE),
});

/** One of the reader's replies, by its id. */
export const timelineReplyQuerySchema = z.strictObject({
  id: z.string({ error: TIMELINE_REPLY_ID_MESSAGE }).trim().refine(isUuid, TIMELINE_REPLY_ID_MESSAGE),
});

/** A reply to a remote post: Markdown, as long as a comment may be. */
export const timelineReplySchema = z.strictObject({
  body: z
    .string({ error: REPLY_REQUIRED_MESSAGE })
    .refine((value) => value.trim().length > 0, REPLY_REQUIRED_MESSAGE)
    .refine(
      (value) => value.length <= COMMENT_MAX,
      `A reply must be at most ${COMMENT_MAX.toLocaleString('en-US')} characters`,
    ),
});
export type TimelineReplyInput = z.infer<typeof timelineReplySchema>;
