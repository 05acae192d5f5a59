import { USER_NOT_FOUND_MESSAGE, type Profile } from '../../../../contracts/auth';
import type { Page, Post } from '../../../../contracts/posts';
import { isForeignKeyViolation } from '../../../db/errors';
import type { Viewer } from '../../../lib/authenticator';
import { badRequest, notFound } from '../../../lib/http-errors';
import { toPage, type PageRequest } from '../../posts/paging';
import type { FollowsRepository } from './follows-repository';

export const FOLLOW_SELF_MESSAGE = 'You cannot follow yourself';

/** A user's profile as a given viewer sees it (UsersService provides it), or a 404. */
export interface ProfileLookup {
  profile(userId: string, viewer: Viewer | null): Promise<Profile>;
}

/** Follow rules: a signed-in user follows others (not themself), once each, and reads their posts. */
export class FollowsService {
  constructor(
    private readonly follows: FollowsRepository,
    private readonly profiles: ProfileLookup,
  ) {}

  /** Answers the followee's profile, read after the write, so its counts are the stored truth. */
  async follow(viewer: Viewer, userId: string): Promise<Profile> {
    if (userId === viewer.id) throw badRequest(FOLLOW_SELF_MESSAGE);
    try {
      await this.follows.add(viewer.id, userId);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw notFound(USER_NOT_FOUND_MESSAGE);
      throw error;
    }
    return this.profiles.profile(userId, viewer);
  }

  async unfollow(viewer: Viewer, userId: string): Promise<Profile> {
    if (userId === viewer.id) throw badRequest(FOLLOW_SELF_MESSAGE);
    await this.follows.remove(viewer.id, userId);
    return this.profiles.profile(userId, viewer);
  }

  async feed(viewer: Viewer, page: PageRequest): Promise<Page<Post>> {
    return toPage(await this.follows.feed(viewer.id, page), page.limit);
  }
}
