import type { FastifyBaseLogger } from 'fastify';
import type { HostResolver } from '../../lib/network-guard';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks-repository';
import { sendWebhook, type SendOutcome } from './webhook-sender';

export interface WebhookWorkerOptions {
  /** How often the queue is read when nothing woke the worker. */
  pollIntervalMs: number;
  /** Deliveries sent at once by one instance. */
  batchSize: number;
  timeoutMs: number;
  /** After this many attempts a delivery is `failed` for good. */
  maxAttempts: number;
  /** The wait after the first failure; each further one doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  allowPrivateNetworks: boolean;
  resolve: HostResolver;
}

/**
 * The wait before attempt `attempts + 1`: exponential, capped, with "equal jitter" (half fixed,
 * half random) so receivers that failed together are not all retried in the same instant.
 */
export function backoffMs(
  attempts: number,
  base: number,
  max: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Sends queued deliveries (docs/decisions/0039-webhooks.md). Every instance may run one: rows are
 * leased atomically (WebhooksRepository.claimDue), so no delivery is sent by two at once, and a
 * lease that outlives a crashed instance expires and the row is sent again. Pending rows are in the
 * database, so a restart loses none.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private wokenWhileRunning = false;
  private readonly shutdown = new AbortController();

  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly options: WebhookWorkerOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling, cuts sends in flight short (their attempts are given back) and waits for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.shutdown.abort();
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = undefined;
      });
    }, delayMs);
    // A pending poll never keeps the process alive on its own.
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    let claimedFullBatch = false;
    try {
      const now = Date.now();
      // Long enough for the send and the write after it; a crashed instance's rows come back after it.
      const lease = new Date(now + this.options.timeoutMs * 2 + 5_000).toISOString();
      const claimed = await this.hooks.claimDue(new Date(now).toISOString(), lease, this.options.batchSize);
      claimedFullBatch = claimed.length === this.options.batchSize;
      await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    } catch (error) {
      if (!this.stopped) this.log.error({ err: error }, 'webhook queue could not be read');
    }
    if (this.stopped) return;
    const again = claimedFullBatch || this.wokenWhileRunning;
    this.wokenWhileRunning = false;
    this.schedule(again ? 0 : this.options.pollIntervalMs);
  }

  private async deliver(claim: ClaimedDelivery): Promise<void> {
    const target = await this.hooks.findTarget(claim.webhookId);
    if (!target) return; // Deleted meanwhile: its deliveries went with it.
    let outcome: SendOutcome;
    try {
      outcome = await sendWebhook(
        {
          url: target.url,
          secret: target.secret,
          deliveryId: claim.id,
          event: claim.event,
          body: claim.payload,
        },
        {
          timeoutMs: this.options.timeoutMs,
          allowPrivateNetworks: this.options.allowPrivateNetworks,
          resolve: this.options.resolve,
        },
        this.shutdown.signal,
      );
    } catch (error) {
      outcome = { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    if (this.stopped && outcome.kind === 'failed') {
      // Not the receiver's fault: the next start sends it again, without counting this try.
      await this.hooks.release(claim).catch(() => undefined);
      return;
    }
    const now = new Date().toISOString();
    if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) {
      await this.hooks.finish(claim, { state: 'delivered', status: outcome.status, error: null, now });
      return;
    }
    const status = outcome.kind === 'answered' ? outcome.status : null;
    const error =
      outcome.kind === 'answered'
        ? outcome.status >= 300 && outcome.status < 400
          ? `Answered ${outcome.status}: redirects are not followed`
          : `Answered ${outcome.status}`
        : outcome.error;
    const final = outcome.kind === 'refused' || claim.attempts >= this.options.maxAttempts;
    if (final) {
      await this.hooks.finish(claim, { state: 'failed', status, error, now });
      return;
    }
    const wait = backoffMs(claim.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
    await this.hooks.finish(claim, {
      state: 'pending',
      status,
      error,
      now,
      nextAttemptAt: new Date(Date.now() + wait).toISOString(),
    });
  }
}
