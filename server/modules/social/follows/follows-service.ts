import { USER_NOT_FOUND_MESSAGE, type Profile } from '../../../../contracts/auth';
import type { Page, Post } from '../../../../contracts/posts';
import { MissingReference } from '../../../lib/constraint-violations';
import type { Viewer } from '../../accounts/authenticator';
import { badRequest, notFound } from '../../../lib/http-errors';
import { toPage, type PageRequest } from '../../posts/paging';
import type { Author } from '../../../../contracts/posts';
import type { RateLimiter, RateLimiters } from '../../../lib/rate-limiter';
import type { NotificationsRepository } from '../../notifications/notifications-repository';
import type { FollowsRepository } from './follows-repository';
import type { UnitOfWork } from '../../../lib/unit-of-work';

/** The storage a follow touches: the follows, and the followee's notification of it. */
export interface FollowsStore {
  follows: FollowsRepository;
  notifications: NotificationsRepository;
}

const FOLLOW_GROUP = 'follow';

export const FOLLOW_SELF_MESSAGE = 'You cannot follow yourself';
export const TOO_MANY_FOLLOWS_MESSAGE = 'You are following people too fast. Please try again later.';

/** A user's profile as a given viewer sees it (UsersService provides it), or a 404. */
export interface ProfileLookup {
  profile(userId: string, viewer: Viewer | null): Promise<Profile>;
}

/** Follow rules: a signed-in user follows others (not themself), once each, and reads their posts. */
export class FollowsService {
  private readonly follows: FollowsRepository;

  private readonly followedByUser: RateLimiter;

  constructor(
    private readonly store: UnitOfWork<FollowsStore>,
    private readonly profiles: ProfileLookup,
    limiters: RateLimiters<'followsPerUser'>,
  ) {
    this.follows = store.repositories.follows;
    this.followedByUser = limiters.limiter('followsPerUser');
  }

  /** Answers the followee's profile, read after the write, so its counts are the stored truth. */
  async follow(viewer: Viewer, userId: string): Promise<Profile> {
    if (userId === viewer.id) throw badRequest(FOLLOW_SELF_MESSAGE);
    await this.followedByUser.spend(viewer.id, TOO_MANY_FOLLOWS_MESSAGE);
    try {
      // The followee hears of it in the same transaction.
      await this.store.run(async ({ follows, notifications }) => {
        if (!(await follows.add(viewer.id, userId))) return;
        await notifications.add([
          {
            recipientId: userId,
            actorId: viewer.id,
            kind: 'follow',
            postId: null,
            commentId: null,
            groupKey: FOLLOW_GROUP,
          },
        ]);
      });
    } catch (error) {
      if (error instanceof MissingReference) throw notFound(USER_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.profiles.profile(userId, viewer);
  }

  async unfollow(viewer: Viewer, userId: string): Promise<Profile> {
    if (userId === viewer.id) throw badRequest(FOLLOW_SELF_MESSAGE);
    await this.store.run(async ({ follows, notifications }) => {
      await follows.remove(viewer.id, userId);
      await notifications.withdraw(userId, viewer.id, FOLLOW_GROUP);
    });
    return this.profiles.profile(userId, viewer);
  }

  /** A profile's followers or the people it follows; 404 for an unknown user. */
  async people(userId: string, side: 'followers' | 'following', page: PageRequest): Promise<Page<Author>> {
    await this.profiles.profile(userId, null);
    return toPage(await this.follows.people(userId, side, page), page.limit);
  }

  async feed(viewer: Viewer, page: PageRequest): Promise<Page<Post>> {
    return toPage(await this.follows.feed(viewer.id, page), page.limit);
  }
}
