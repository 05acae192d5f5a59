import type { FastifyBaseLogger } from 'fastify';
import type { HostResolver } from '../../lib/network-guard';
import type { ClaimedDelivery, WebhookTarget, WebhooksRepository } from './webhooks-repository';
import { sendWebhook, type SendOutcome } from './webhook-sender';
import { DeliveryQueue } from '../../lib/delivery-queue';
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
 * Sends queued deliveries (docs/decisions/0039-webhooks.md) on a DeliveryQueue: every instance may
 * run one; rows are leased atomically (WebhooksRepository.claimDue), so no delivery is sent by two
 * at once, and a lease that outlives a crashed instance expires and the row is sent again. Pending
 * rows are in the database, so a restart loses none.
 */
export class WebhookWorker {
  private readonly queue: DeliveryQueue<
    ClaimedDelivery,
    ClaimedDelivery & { target: WebhookTarget },
    SendOutcome
  >;

  constructor(
    hooks: WebhooksRepository,
    options: WebhookWorkerOptions,
    log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.queue = new DeliveryQueue(
      hooks,
      {
        prepare: async (claim) => {
          const target = await hooks.findTarget(claim.webhookId);
          // Deleted meanwhile: its deliveries went with it.
          return target ? { ...claim, target } : undefined;
        },
        attempt: (claim, signal) =>
          sendWebhook(
            {
              url: claim.target.url,
              secret: claim.target.secret,
              deliveryId: claim.id,
              event: claim.event,
              body: claim.payload,
            },
            {
              timeoutMs: options.timeoutMs,
              allowPrivateNetworks: options.allowPrivateNetworks,
              resolve: options.resolve,
            },
            signal,
          ),
        describe: (status) =>
          status >= 300 && status < 400
            ? `Answered ${status}: redirects are not followed`
            : `Answered ${status}`,
      },
      { ...options, label: 'webhook queue' },
      log,
      scheduler,
    );
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.queue.wake();
  }
}
