import { writerActorPath } from '../../../contracts/federation';
import type { SocialFollowers } from '../../../contracts/social-web';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import type { DeliveriesRepository } from './deliveries-repository';
import { followAnswer } from './follow-answers';
import type { FollowersRepository } from './followers-repository';

export const NO_FOLLOW_REQUEST_MESSAGE = 'No such follow request';
export const NO_REMOTE_FOLLOWER_MESSAGE = 'No such follower';

/**
 * A writer's followers on the social web and approval by hand (decision 0084): with the setting
 * on, a Follow waits as a request; Accept makes it a follower and sends a signed Accept, Reject
 * (of a request, or of a follower, Mastodon's "remove follower") removes it and sends a signed
 * Reject.
 */
export class FollowRequestsService {
  constructor(
    private readonly deps: {
      publicUrl: string;
      followers: FollowersRepository;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      wake: () => void;
    },
  ) {}

  async list(viewer: Viewer): Promise<SocialFollowers> {
    const rows = await this.deps.followers.list(writerActorPath(viewer.id));
    return {
      approveFollowers: await this.deps.followers.approvesFollowers(viewer.id),
      followers: rows.map((row) => ({
        actor: row.follower,
        handle: row.handle === null ? null : `@${row.handle}`,
        name: row.name,
        state: row.state,
        since: row.createdAt,
      })),
    };
  }

  async setApproval(viewer: Viewer, on: boolean): Promise<{ approveFollowers: boolean }> {
    await this.deps.followers.setApprovesFollowers(viewer.id, on);
    return { approveFollowers: on };
  }

  async accept(viewer: Viewer, actor: string): Promise<void> {
    const followed = writerActorPath(viewer.id);
    const row = (await this.deps.followers.list(followed)).find((follower) => follower.follower === actor);
    if (!row || row.state !== 'pending' || !(await this.deps.followers.accept(followed, actor))) {
      throw notFound(NO_FOLLOW_REQUEST_MESSAGE);
    }
    await this.answer('Accept', followed, row);
  }

  async reject(viewer: Viewer, actor: string): Promise<void> {
    const followed = writerActorPath(viewer.id);
    const row = (await this.deps.followers.list(followed)).find((follower) => follower.follower === actor);
    if (!row || !(await this.deps.followers.remove(followed, actor)))
      throw notFound(NO_REMOTE_FOLLOWER_MESSAGE);
    await this.answer('Reject', followed, row);
  }

  private async answer(
    kind: 'Accept' | 'Reject',
    followed: string,
    row: { follower: string; followId: string; inbox: string },
  ): Promise<void> {
    const delivery = await followAnswer(kind, {
      publicUrl: this.deps.publicUrl,
      followed,
      follower: row.follower,
      followId: row.followId,
      inbox: row.inbox,
    });
    await this.deps.deliveries.enqueue([delivery], nowIso());
    this.deps.wake();
  }
}
