import type { Author } from './posts';

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notification not found';

/** `passage`: an in-line comment, told apart from a comment on the whole post. */
/** `invitation`: to join a publication, answered on /publications. */
/** `held`: a comment on the reader's post waits for their approval, on /comments/held. */
export type NotificationKind =
  'comment' | 'passage' | 'reply' | 'mention' | 'follow' | 'favorite' | 'invitation' | 'held';

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
};

/** "Ada", "Ada and Bo"... "Ada and 3 others": who did it, in one phrase. */
export function actorsPhrase(group: Pick<NotificationGroup, 'actor' | 'others'>): string {
  if (group.others === 0) return group.actor.username;
  if (group.others === 1) return `${group.actor.username} and 1 other`;
  return `${group.actor.username} and ${group.others.toLocaleString('en-US')} others`;
}

/** The sentence a notification reads as: "Ada and 3 others favorited “Title”". */
export function notificationText(group: NotificationGroup): string {
  const who = actorsPhrase(group);
  const verb = VERBS[group.kind];
  if (group.publication) return `${who} ${verb} ${group.publication.name}`;
  return group.post ? `${who} ${verb} “${group.post.title}”` : `${who} ${verb}`;
}
