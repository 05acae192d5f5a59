import type { FastifyBaseLogger } from 'fastify';
import type { HostResolver } from '../../lib/network-guard';
import type { ClaimedDelivery, WebhooksRepository } from './webhooks-repository';
import { sendWebhook, type SendOutcome } from './webhook-sender';
import { PollingWorker, settleAttempt } from '../../lib/polling-worker';
import type { Scheduler } from '../../lib/scheduler';

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
 * Sends queued deliveries (docs/decisions/0039-webhooks.md). Every instance may run one: rows are
 * leased atomically (WebhooksRepository.claimDue), so no delivery is sent by two at once, and a
 * lease that outlives a crashed instance expires and the row is sent again. Pending rows are in the
 * database, so a restart loses none.
 */
export class WebhookWorker {
  private readonly loop: PollingWorker<ClaimedDelivery>;

  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly options: WebhookWorkerOptions,
    log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.loop = new PollingWorker(
      {
        pollIntervalMs: options.pollIntervalMs,
        batchSize: options.batchSize,
        // Long enough for the send and the write after it; a crashed instance's rows come back after it.
        leaseMs: options.timeoutMs * 2 + 5_000,
        label: 'webhook queue',
      },
      {
        claim: (now, lockedUntil, limit) => hooks.claimDue(now, lockedUntil, limit),
        handle: (delivery, signal) => this.deliver(delivery, signal),
      },
      log,
      scheduler,
    );
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async deliver(claim: ClaimedDelivery, signal: AbortSignal): Promise<void> {
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
        signal,
      );
    } catch (error) {
      outcome = { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    if (this.loop.stopped && outcome.kind === 'failed') {
      // Not the receiver's fault: the next start sends it again, without counting this try.
      await this.hooks.release(claim).catch(() => undefined);
      return;
    }
    await this.hooks.finish(
      claim,
      settleAttempt(outcome, claim.attempts, this.options, (status) =>
        status >= 300 && status < 400
          ? `Answered ${status}: redirects are not followed`
          : `Answered ${status}`,
      ),
    );
  }
}
