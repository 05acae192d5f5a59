import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import { backoffMs, PollingWorker } from '../../lib/polling-worker';
import type { Scheduler } from '../../lib/scheduler';
import { newsletterEmail, type EmailContext, type PostEmailBody } from './newsletter-message';
import type { UnsubscribeLinks } from './newsletter-links';
import {
  LeaseLost,
  type ClaimedSend,
  type DeliveryFacts,
  type NewsletterSendsRepository,
  type PostForEmail,
} from './newsletter-sends-repository';
import { classifySmtpFailure, type NewsletterTransport } from './newsletter-transport';

export interface NewsletterSendOptions {
  /** Emails a second from one instance. */
  ratePerSecond: number;
  /** SMTP connections kept open by one instance. */
  connections: number;
  pollIntervalMs: number;
  /** Addresses copied into the queue per transaction. */
  pageSize: number;
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const NEWSLETTER_SEND_DEFAULTS: Omit<NewsletterSendOptions, 'ratePerSecond' | 'connections'> = {
  pollIntervalMs: 5_000,
  pageSize: 1_000,
  maxAttempts: 8,
  backoffBaseMs: 60_000,
  backoffMaxMs: 6 * 60 * 60_000,
};

/** A post's email, rendered once: every reader's copy differs only in its footer's links. */
export interface PostEmails {
  body(postId: string, listId: string): Promise<PostEmailBody | undefined>;
}

/** Reads a post and renders its email; the few posts being sent at once are kept. */
export class CachedPostEmails implements PostEmails {
  private readonly cache = new LRUCache<string, PostEmailBody>({ max: 20, ttl: 60_000 });

  constructor(
    private readonly read: (postId: string, listId: string) => Promise<PostForEmail | undefined>,
    private readonly render: (post: PostForEmail) => PostEmailBody,
  ) {}

  async body(postId: string, listId: string): Promise<PostEmailBody | undefined> {
    const post = await this.read(postId, listId);
    if (!post) return undefined;
    const key = `${postId} ${post.updatedAt}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const body = this.render(post);
    this.cache.set(key, body);
    return body;
  }
}

/**
 * Sends posts to their lists (docs/decisions/0061-newsletter-sending.md). Two loops on the
 * scheduler of every instance: one copies a public post's list into the deliveries a page at a
 * time, the other leases due deliveries and sends them through the pooled transport at the
 * configured rate. Each delivery is marked `sending` before its SMTP transaction and `sent`
 * after it; one caught in between by a crash is not sent again.
 */
export class NewsletterSender {
  private readonly copier: PollingWorker<ClaimedSend>;
  private readonly sender: PollingWorker<DeliveryFacts>;
  private readonly pace: PQueue;

  constructor(
    private readonly queue: NewsletterSendsRepository,
    private readonly emails: PostEmails,
    private readonly transport: NewsletterTransport,
    private readonly links: UnsubscribeLinks,
    private readonly context: EmailContext,
    private readonly options: NewsletterSendOptions,
    private readonly log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.pace = new PQueue({
      concurrency: options.connections,
      intervalCap: Math.max(1, Math.round(options.ratePerSecond)),
      interval: 1_000,
    });
    this.copier = new PollingWorker(
      { pollIntervalMs: options.pollIntervalMs, batchSize: 1, leaseMs: 60_000, label: 'newsletter: queue' },
      {
        claim: (now, lockedUntil, limit) => queue.claimSends(now, lockedUntil, limit),
        handle: (send, signal) => this.copy(send, signal),
      },
      log,
      scheduler,
    );
    // A batch is about ten seconds of sending; the lease leaves room for a slow server.
    const batchSize = Math.max(10, Math.min(500, Math.round(options.ratePerSecond * 10)));
    const leaseMs = Math.max(5 * 60_000, (batchSize / options.ratePerSecond) * 3_000);
    this.sender = new PollingWorker(
      { pollIntervalMs: options.pollIntervalMs, batchSize, leaseMs, label: 'newsletter: send' },
      {
        claim: async (now, lockedUntil, limit) => {
          const interrupted = await queue.giveUpInterrupted(now);
          if (interrupted > 0)
            this.log.warn({ interrupted }, 'newsletter emails interrupted by a crash, not resent');
          return queue.claimDeliveries(now, lockedUntil, limit);
        },
        handle: (delivery) => this.pace.add(() => this.deliver(delivery)),
      },
      log,
      scheduler,
    );
  }

  /** A post was published or scheduled: look now rather than at the next poll. */
  wake(): void {
    this.copier.wake();
  }

  private async copy(send: ClaimedSend, signal: AbortSignal): Promise<void> {
    try {
      for (;;) {
        if (signal.aborted) return;
        const { done } = await this.queue.copyPage(send, this.options.pageSize, new Date().toISOString());
        this.sender.wake();
        if (done) return;
      }
    } catch (error) {
      if (error instanceof LeaseLost) return;
      throw error;
    }
  }

  private async deliver(delivery: DeliveryFacts): Promise<void> {
    const now = new Date().toISOString();
    if (this.sender.stopped) {
      await this.queue.release(delivery).catch(() => undefined);
      return;
    }
    if (delivery.subscriptionStatus !== 'active') {
      await this.queue.finish(delivery, 'skipped', null);
      return;
    }
    if (delivery.publishedAt === null || delivery.publishedAt > now || delivery.hiddenAt !== null) {
      await this.queue.finish(delivery, 'cancelled', null);
      return;
    }
    const body = await this.emails.body(delivery.postId, delivery.listId);
    if (!body) {
      await this.queue.finish(delivery, 'cancelled', null);
      return;
    }
    if (!(await this.queue.markSending(delivery))) return;
    try {
      await this.transport.send(
        newsletterEmail(body, delivery.email, this.links.tokenFor(delivery.subscriptionId), this.context),
      );
    } catch (error) {
      await this.failed(delivery, error);
      return;
    }
    await this.queue.sent(delivery, new Date().toISOString());
  }

  private async failed(delivery: DeliveryFacts, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const kind = classifySmtpFailure(error);
    if (kind === 'bounce') {
      await this.queue.bounced(delivery, reason, new Date().toISOString());
      return;
    }
    if (kind === 'retry' && delivery.attempts < this.options.maxAttempts) {
      const wait = backoffMs(delivery.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
      await this.queue.retryAt(delivery, new Date(Date.now() + wait).toISOString(), reason);
      return;
    }
    this.log.warn({ err: error, attempts: delivery.attempts }, 'a newsletter email failed for good');
    await this.queue.finish(delivery, 'failed', reason);
  }
}
