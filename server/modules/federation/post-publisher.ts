import type { FastifyBaseLogger } from 'fastify';
import type { Post } from '../../../contracts/posts';
import { nowIso } from '../../lib/clock';
import { PollingWorker } from '../../lib/polling-worker';
import type { Scheduler } from '../../lib/scheduler';
import { isPubliclyListed } from '../posts/post-visibility';
import type { PostChangeListener } from '../webhooks/webhook-events';
import type { DeliveriesRepository } from './deliveries-repository';
import type { FederationPostsRepository } from './federation-posts-repository';
import type { FederationRepository } from './federation-repository';
import type { FederationService, PostActivity } from './federation-service';
import type { FollowersRepository } from './followers-repository';

export interface PostPublisherOptions {
  /** How often scheduled posts whose time has come are looked for. */
  pollIntervalMs: number;
}

/** Scheduled posts sent at once by one instance. */
const BATCH_SIZE = 10;
/** Long enough to build and queue one post's activity for every follower's server. */
const LEASE_MS = 60_000;

/**
 * Tells an actor's followers on other servers about its posts (decision 70, "Publishing"): a post
 * that becomes public and listed goes out as Create(Article), a change to it as Update, and
 * unpublishing, hiding or deleting it as Delete(Tombstone), one delivery per follower's server
 * (its shared inbox) through the signed delivery queue. Whether followers may have a post is the
 * posts module's rule (`isPubliclyListed`): drafts, scheduled posts before their time, hidden and
 * email-only posts never go out. What was sent is kept per post (federation_posts), so each write
 * is compared with what followers have, not with what the post was a moment ago.
 *
 * It hears of writes where the webhooks do (the posts service's listener, after the write), of
 * moderators' hiding and deleting from the moderation service, and finds scheduled posts whose
 * time has come by polling, as the newsletter's sending does: nobody's request publishes those.
 * A failure is logged, never the writer's error: their post is saved either way.
 */
export class PostPublisher implements Pick<PostChangeListener, 'postWritten' | 'postDeleted'> {
  private readonly loop: PollingWorker<string>;

  constructor(
    private readonly deps: {
      documents: Pick<FederationService, 'postActor' | 'postActivity' | 'deleteActivity'>;
      sent: FederationPostsRepository;
      facts: Pick<FederationRepository, 'postFacts'>;
      followers: Pick<FollowersRepository, 'inboxesOf'>;
      deliveries: Pick<DeliveriesRepository, 'enqueue'>;
      /** Deliveries were queued: the delivery worker looks at once. */
      wake: () => void;
      log: FastifyBaseLogger;
    },
    options: PostPublisherOptions,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.loop = new PollingWorker(
      {
        pollIntervalMs: options.pollIntervalMs,
        batchSize: BATCH_SIZE,
        leaseMs: LEASE_MS,
        label: 'social web scheduled posts',
      },
      {
        claim: (now, lockedUntil, limit) => deps.sent.claimDue(now, lockedUntil, limit),
        handle: (postId) => this.safely(() => this.reconcile(postId)),
      },
      deps.log,
      scheduler,
    );
  }

  async postWritten(_before: string | null | 'new', post: Post): Promise<void> {
    await this.safely(() => this.reconcile(post.id));
  }

  async postDeleted(post: Post): Promise<void> {
    await this.safely(() => this.reconcile(post.id));
  }

  /** Moderators hid, restored or deleted posts (or suspended or reinstated their writer). */
  async postsModerated(postIds: readonly string[]): Promise<void> {
    for (const postId of postIds) await this.safely(() => this.reconcile(postId));
  }

  /**
   * Brings followers to the post's state: what they should have (the post, or nothing) against
   * what they were sent. A scheduled post is remembered with its time, for the poll.
   */
  async reconcile(postId: string, now = nowIso()): Promise<void> {
    const sent = await this.deps.sent.find(postId);
    const facts = await this.deps.facts.postFacts(postId);
    const had = sent?.state === 'created' && sent.actor !== null ? sent.actor : undefined;
    const actor =
      facts !== undefined && isPubliclyListed(facts, now)
        ? await this.deps.documents.postActor(postId)
        : undefined;
    if (actor !== undefined) {
      // The same post now comes from another actor (moved to or from a team publication):
      // Mastodon takes an Update only from the actor it had the post from.
      if (had !== undefined && had !== actor) await this.withdraw(postId, had, now);
      const type = had === actor ? 'Update' : 'Create';
      await this.send(actor, () => this.deps.documents.postActivity(postId, type), now);
      await this.deps.sent.save({ postId, actor, state: 'created', dueAt: null }, now);
      return;
    }
    if (had !== undefined) await this.withdraw(postId, had, now);
    // Waiting for its time, and listed then: the poll sends it when it comes.
    if (facts?.publishedAt && facts.publishedAt > now && isPubliclyListed(facts, facts.publishedAt)) {
      await this.deps.sent.save(
        { postId, actor: had ?? null, state: 'scheduled', dueAt: facts.publishedAt },
        now,
      );
      return;
    }
    if (had === undefined && sent?.state === 'scheduled') await this.deps.sent.remove(postId);
  }

  /** Delete(Tombstone) to the followers of the actor they had the post from. */
  private async withdraw(postId: string, actor: string, now: string): Promise<void> {
    await this.send(actor, () => this.deps.documents.deleteActivity(postId, actor, now), now);
    await this.deps.sent.save({ postId, actor, state: 'deleted', dueAt: null }, now);
  }

  /**
   * Queues the activity once per server of the actor's followers. It is built only when someone
   * on another server follows the actor (building it loads Fedify, decision 70).
   */
  private async send(
    actor: string,
    build: () => Promise<PostActivity | undefined>,
    now: string,
  ): Promise<void> {
    const inboxes = await this.deps.followers.inboxesOf(actor);
    if (inboxes.length === 0) return;
    const activity = await build();
    if (activity === undefined) return;
    const payload = JSON.stringify(activity.document);
    await this.deps.deliveries.enqueue(
      inboxes.map((inbox) => ({ actor, inbox, activityId: activity.id, payload })),
      now,
    );
    this.deps.wake();
  }

  private async safely(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      this.deps.log.error({ err: error }, 'social web: a post’s activity could not be queued');
    }
  }
}
