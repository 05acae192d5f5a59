import { writerActorPath } from '../../../contracts/federation';
import type { SocialFollowers } from '../../../contracts/social-web';
import { nowIso } from '../../lib/clock';
import { notFound } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import type { DeliveriesRepository } from './deliveries-repository';
import { followAnswer } from './follow-answers';
import type { FollowersRepository } from './followers-repository';
import type { RemoteAccountsRepository } from './remote-accounts-repository';
import type { SocialNotices } from './social-notices';

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
      /** An answered request's notification goes (decision 0084's addendum). */
      accounts?: Pick<RemoteAccountsRepository, 'findByActor'>;
      notices?: Pick<SocialNotices, 'answered'>;
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
        accountId: row.account?.userId ?? null,
        // Shown as an <img> and a link: https only for the picture (the page's policy), http(s)
        // for the profile, whatever another server wrote.
        pictureUrl: httpsOnly(row.account?.pictureUrl ?? null),
        profileUrl: webAddress(row.account?.profileUrl ?? null) ?? webAddress(row.follower),
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
    await this.forgetRequest(viewer.id, actor);
  }

  async reject(viewer: Viewer, actor: string): Promise<void> {
    if (!(await this.endFollow(viewer.id, actor))) throw notFound(NO_REMOTE_FOLLOWER_MESSAGE);
  }

  /**
   * Ends `actor`'s follow (or request) of the writer and sends its server a signed Reject(Follow),
   * on which Mastodon drops the follow, so that server no longer shows it the writer's posts that
   * reach it for its other followers there. Also what a writer's block of that account does.
   * False when it followed nothing.
   */
  async endFollow(writerId: string, actor: string): Promise<boolean> {
    const followed = writerActorPath(writerId);
    const row = (await this.deps.followers.list(followed)).find((follower) => follower.follower === actor);
    if (!row || !(await this.deps.followers.remove(followed, actor))) return false;
    await this.answer('Reject', followed, row);
    await this.forgetRequest(writerId, actor);
    return true;
  }

  private async forgetRequest(writerId: string, actor: string): Promise<void> {
    const account = await this.deps.accounts?.findByActor(actor);
    if (account) await this.deps.notices?.answered(writerId, account.userId);
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

const httpsOnly = (address: string | null) => (address?.startsWith('https://') ? address : null);

function webAddress(address: string | null): string | null {
  if (address === null) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
