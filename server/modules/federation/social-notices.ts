import type { NotificationKind } from '../../../contracts/notifications';
import type { NotificationsRepository } from '../notifications/notifications-repository';
import type { ReactionKind, ReactionsRepository } from './reactions-repository';

const REACTION_KINDS: Record<ReactionKind, NotificationKind> = {
  like: 'social-like',
  announce: 'social-repost',
};

const reactionGroup = (kind: ReactionKind, postId: string) => `${REACTION_KINDS[kind]}:${postId}`;
const FOLLOW_GROUP = 'social-follow';
const REQUEST_GROUP = 'follow-request';

/**
 * What the social web does with a writer's work, told in their notifications (decision 0084's
 * addendum), by the account that stands for the remote actor: a like or a boost of their post
 * (grouped per post, as favorites are), a new follower, a follow request waiting for them. An Undo
 * takes back what is still unread, as an unfavorite does; an answered request's line goes too. The
 * notifications module's rules apply: nobody hears of their own doing, nor of an account they blocked.
 */
export class SocialNotices {
  constructor(
    private readonly deps: {
      notifications: Pick<NotificationsRepository, 'add' | 'withdraw'>;
      posts: Pick<ReactionsRepository, 'postAuthorOf'>;
    },
  ) {}

  async reacted(postId: string, accountId: string, kind: ReactionKind): Promise<void> {
    const authorId = await this.deps.posts.postAuthorOf(postId);
    if (authorId === undefined) return;
    await this.deps.notifications.add([
      {
        recipientId: authorId,
        actorId: accountId,
        kind: REACTION_KINDS[kind],
        postId,
        commentId: null,
        groupKey: reactionGroup(kind, postId),
      },
    ]);
  }

  async unreacted(postId: string, accountId: string, kind: ReactionKind): Promise<void> {
    const authorId = await this.deps.posts.postAuthorOf(postId);
    if (authorId === undefined) return;
    await this.deps.notifications.withdraw(authorId, accountId, reactionGroup(kind, postId));
  }

  /** A new follower of a writer, or a request waiting for their answer. */
  async followed(writerId: string, accountId: string, state: 'accepted' | 'pending'): Promise<void> {
    await this.deps.notifications.add([
      {
        recipientId: writerId,
        actorId: accountId,
        kind: state === 'pending' ? 'follow-request' : 'social-follow',
        postId: null,
        commentId: null,
        groupKey: state === 'pending' ? REQUEST_GROUP : FOLLOW_GROUP,
      },
    ]);
  }

  /** The follow (or the request) was undone: what is unread of it goes. */
  async unfollowed(writerId: string, accountId: string): Promise<void> {
    await this.deps.notifications.withdraw(writerId, accountId, FOLLOW_GROUP);
    await this.deps.notifications.withdraw(writerId, accountId, REQUEST_GROUP);
  }

  /** The writer answered a request: it is no news any more. */
  async answered(writerId: string, accountId: string): Promise<void> {
    await this.deps.notifications.withdraw(writerId, accountId, REQUEST_GROUP);
  }
}
