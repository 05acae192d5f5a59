import type { Author } from './posts';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

/** `passage`: an in-line comment, told apart from a comment on the whole post. */
/** `invitation`: to join a publication, answered on /publications. */
/** `held`: a comment on the reader's post waits for their approval, on /comments/held. */
/** `coauthor`: an invitation to co-write a post, answered on /drafts (decision 0085). */
/**
 * From the social web (decision 0084's addendum): `social-like` and `social-repost` (a like or a
 * boost of the reader's post), `social-follow` (a new follower there) and `follow-request` (one
 * waiting for the writer who approves followers by hand).
 */
export type NotificationKind =
  | 'comment'
  | 'passage'
  | 'reply'
  | 'mention'
  | 'follow'
  | 'favorite'
  | 'invitation'
  | 'held'
  | 'coauthor'
  | 'social-like'
  | 'social-repost'
  | 'social-follow'
  | 'follow-request';

export const NOTIFICATION_KINDS = [
  'comment',
  'passage',
  'reply',
  'mention',
  'follow',
  'favorite',
  'invitation',
  'held',
  'coauthor',
  'social-like',
  'social-repost',
  'social-follow',
  'follow-request',
] as const satisfies readonly NotificationKind[];

/** Who acted, when they are on another server of the social web: their name there, and where. */
export interface NotificationRemoteActor {
  /** `@user@host`. */
  handle: string;
  /** Their display name there, or null when their server gave none. */
  name: string | null;
  /** Their profile page on their server. */
  profileUrl: string | null;
  /** Their picture there (https only), or null. */
  pictureUrl: string | null;
}

/**
 * One line on /notifications: notifications of the same kind about the same thing, read or unread
 * together ("Ada and 3 others favorited …"). `id` is its newest notification's id: the keyset of
 * the list and what marks the line as read.
 */
export interface NotificationGroup {
  id: string;
  kind: NotificationKind;
  unread: boolean;
  /** The newest notification's time. */
  createdAt: string;
  /** Who acted last. */
  actor: Author;
  /**
   * Who acted last, when they are on the social web (a remote account: `actor.username` is its
   * `@user@host`); null for an account here.
   */
  remote: NotificationRemoteActor | null;
  /** How many other people did the same. */
  others: number;
  /** The post it is about (comments, replies, mentions, favorites); null for a follow. */
  post: { id: string; title: string; author: Author } | null;
  /** The newest comment it is about, with the start of its text; null for follows and favorites. */
  comment: { id: string; excerpt: string } | null;
  /** The publication an invitation is to; null for every other kind. */
  publication: { slug: string; name: string } | null;
}

export interface UnreadCount {
  unread: number;
}

const VERBS: Record<NotificationKind, string> = {
  comment: 'commented on',
  passage: 'commented on a passage of',
  reply: 'replied to your comment on',
  mention: 'mentioned you on',
  follow: 'started following you',
  favorite: 'favorited',
  invitation: 'invited you to join',
  held: 'left a comment awaiting your approval on',
  coauthor: 'invited you to co-write',
  'social-like': 'liked',
  'social-repost': 'boosted',
  'social-follow': 'started following you on the social web',
  'follow-request': 'asked to follow you on the social web',
};

/** What follows the post's title, for the kinds that need it said where it happened. */
const AFTER_POST: Partial<Record<NotificationKind, string>> = {
  'social-like': ' on the social web',
  'social-repost': ' on the social web',
};

/** The name someone is shown by: their name there for a remote account, else their username here. */
export function actorName(group: Pick<NotificationGroup, 'actor' | 'remote'>): string {
  return group.remote?.name?.trim() || group.actor.username;
}

/** "Ada", "Ada and Bo"... "Ada and 3 others": who did it, in one phrase. */
export function actorsPhrase(group: Pick<NotificationGroup, 'actor' | 'others' | 'remote'>): string {
  const name = actorName(group);
  if (group.others === 0) return name;
  if (group.others === 1) return `${name} and 1 other`;
  return `${name} and ${group.others.toLocaleString('en-US')} others`;
}

/** The sentence a notification reads as: "Ada and 3 others favorited “Title”". */
export function notificationText(group: NotificationGroup): string {
  const who = actorsPhrase(group);
  const verb = VERBS[group.kind];
  if (group.publication) return `${who} ${verb} ${group.publication.name}`;
  return group.post
    ? `${who} ${verb} “${group.post.title}”${AFTER_POST[group.kind] ?? ''}`
    : `${who} ${verb}`;
}
