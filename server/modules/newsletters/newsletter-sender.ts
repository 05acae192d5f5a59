import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import PQueue from 'p-queue';
import { backoffMs, PollingWorker } from '../../lib/polling-worker';
import type { Scheduler } from '../../lib/scheduler';
import { newsletterEmail, type EmailContext, type PostEmailBody } from './newsletter-message';
import type { UnsubscribeLinks } from './newsletter-links';
import { RawEmailTemplate } from './newsletter-raw-email';
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
  // A page is a transaction that holds the event loop on SQLite: 1,000 addresses took about 8 ms.
  pageSize: 250,
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

/** Lets the event loop answer what waits (page reads) before the next chunk of a send. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Deliveries marked `sending` by one statement and sent together: one for each of the pool's
 * connections, so what a crash or an unpublishing catches between `sending` and `sent` is at most
 * what it caught when each delivery was marked alone (decision 61: the pool's connections).
 */
export function chunkSize(options: Pick<NewsletterSendOptions, 'connections'>): number {
  return Math.max(1, options.connections);
}

/**
 * Sends posts to their lists (docs/decisions/0061-newsletter-sending.md). Two loops on the
 * scheduler of every instance: one copies a public post's list into the deliveries a page at a
 * time, the other leases due deliveries and sends them through the pooled transport at the
 * configured rate. Deliveries are written a chunk at a time (decision 92): one statement marks a
 * chunk `sending` before its SMTP transactions, one marks those that went `sent` after them; a
 * chunk caught in between by a crash is not sent again. Between chunks the event loop answers
 * whatever else waits, so a send does not hold page reads up.
 */
export class NewsletterSender {
  private readonly copier: PollingWorker<ClaimedSend>;
  private readonly sender: PollingWorker<DeliveryFacts[]>;
  private readonly pace: PQueue;
  private readonly chunk: number;
  /** Each post's email encoded once, for as long as its rendered body is cached. */
  private readonly templates = new WeakMap<PostEmailBody, Promise<RawEmailTemplate>>();

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
    this.chunk = chunkSize(options);
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
    // One job is one claimed batch: the worker reads again at once while batches come.
    this.sender = new PollingWorker(
      { pollIntervalMs: options.pollIntervalMs, batchSize: 1, leaseMs, label: 'newsletter: send' },
      {
        claim: async (now, lockedUntil) => {
          const interrupted = await queue.giveUpInterrupted(now);
          if (interrupted > 0)
            this.log.warn({ interrupted }, 'newsletter emails interrupted by a crash, not resent');
          const claimed = await queue.claimDeliveries(now, lockedUntil, batchSize);
          return claimed.length > 0 ? [claimed] : [];
        },
        handle: (batch) => this.deliverBatch(batch),
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
    let copied = 0;
    try {
      for (;;) {
        if (signal.aborted) return;
        const page = await this.queue.copyPage(send, this.options.pageSize, new Date().toISOString());
        copied += page.copied;
        this.sender.wake();
        if (page.done) {
          // The list is queued either way; fresh statistics only keep its statements quick.
          await this.queue
            .analyzeAfterCopy(copied)
            .catch((error: unknown) =>
              this.log.warn({ err: error }, 'the newsletter queue was not analyzed'),
            );
          return;
        }
        // SQLite's statements run on this thread and its promises resolve at once: without this,
        // a list of 100,000 was copied in one stretch of about 0.8 s that no request could enter.
        await yieldToLoop();
      }
    } catch (error) {
      if (error instanceof LeaseLost) return;
      throw error;
    }
  }

  /**
   * A claimed batch: what may not be sent is ended in one statement per outcome, the post's email
   * read once, and the rest sent a chunk at a time.
   */
  private async deliverBatch(batch: DeliveryFacts[]): Promise<void> {
    const now = new Date().toISOString();
    const skipped: DeliveryFacts[] = [];
    const cancelled: DeliveryFacts[] = [];
    const sendable: { delivery: DeliveryFacts; body: PostEmailBody }[] = [];
    const bodies = new Map<string, PostEmailBody | undefined>();
    for (const delivery of batch) {
      if (delivery.subscriptionStatus !== 'active') {
        skipped.push(delivery);
        continue;
      }
      if (delivery.publishedAt === null || delivery.publishedAt > now || delivery.hiddenAt !== null) {
        cancelled.push(delivery);
        continue;
      }
      if (!bodies.has(delivery.postId))
        bodies.set(delivery.postId, await this.emails.body(delivery.postId, delivery.listId));
      const body = bodies.get(delivery.postId);
      if (body) sendable.push({ delivery, body });
      else cancelled.push(delivery);
    }
    await this.queue.finishMany(skipped, 'skipped');
    await this.queue.finishMany(cancelled, 'cancelled');
    for (let first = 0; first < sendable.length; first += this.chunk) {
      if (this.sender.stopped) {
        await this.queue
          .releaseMany(sendable.slice(first).map((item) => item.delivery))
          .catch(() => undefined);
        return;
      }
      await this.deliverChunk(sendable.slice(first, first + this.chunk));
      await yieldToLoop();
    }
  }

  private async deliverChunk(chunk: { delivery: DeliveryFacts; body: PostEmailBody }[]): Promise<void> {
    const marked = new Set(await this.queue.markSendingMany(chunk.map((item) => item.delivery)));
    const sent: DeliveryFacts[] = [];
    const failures: [DeliveryFacts, unknown][] = [];
    await Promise.all(
      chunk
        .filter((item) => marked.has(item.delivery))
        .map(({ delivery, body }) =>
          this.pace.add(async () => {
            try {
              await this.transport.send(await this.emailTo(delivery, body));
              sent.push(delivery);
            } catch (error) {
              failures.push([delivery, error]);
            }
          }),
        ),
    );
    await this.queue.sentMany(sent, new Date().toISOString());
    for (const [delivery, error] of failures) await this.failed(delivery, error);
  }
  /** One reader's copy: the post's encoded email with their parts put in. */
  private async emailTo(delivery: DeliveryFacts, body: PostEmailBody) {
    let template = this.templates.get(body);
    if (!template) {
      template = RawEmailTemplate.of(body, this.context);
      this.templates.set(body, template);
    }
    const token = this.links.tokenFor(delivery.subscriptionId);
    return (
      (await template).for(delivery.email, token) ??
      newsletterEmail(body, delivery.email, token, this.context)
    );
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
