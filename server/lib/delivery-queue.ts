import type { FastifyBaseLogger } from 'fastify';
import {
  PollingWorker,
  settleAttempt,
  type AttemptOutcome,
  type AttemptRecord,
  type RetryRule,
} from './polling-worker';
import type { Scheduler } from './scheduler';

/** The table of an outbound queue (webhook deliveries, activities for other servers' inboxes). */
export interface DeliveryStore<Claim extends { attempts: number }> {
  /** Leases up to `limit` due rows until `lockedUntil`, atomically. */
  claimDue(now: string, lockedUntil: string, limit: number): Promise<Claim[]>;
  /** Records where an attempt left the row. */
  finish(claim: Claim, record: AttemptRecord): Promise<void>;
  /** Gives the row back as it was, its attempt not counted. */
  release(claim: Claim): Promise<void>;
}

export interface DeliveryQueueOptions extends RetryRule {
  /** How often the queue is read when nothing woke it. */
  pollIntervalMs: number;
  /** Deliveries sent at once by one instance. */
  batchSize: number;
  /** The most one attempt may take. */
  timeoutMs: number;
  /** Names the queue in the log. */
  label: string;
}

/** An attempt that threw: worth another one. */
export type FailedAttempt = { kind: 'failed'; error: string };

export interface Deliverer<Claim, Job, Outcome extends AttemptOutcome> {
  /**
   * What an attempt needs, read before it: undefined when nothing is left to deliver (the row went
   * with its owner). A failure here is not an attempt: the row comes back when its lease ends.
   */
  prepare(claim: Claim): Promise<Job | undefined>;
  /** One attempt at a delivery; a throw counts as a failed attempt. */
  attempt(job: Job, signal: AbortSignal): Promise<Outcome>;
  /** Words an answer other than a 2xx for the row's record. */
  describe(status: number, outcome: Outcome | FailedAttempt): string;
  /** Told when the delivery is given up for good, before its record is written. */
  givenUp?(claim: Claim, record: AttemptRecord): void;
}

/**
 * An outbound queue kept in a database table, on a PollingWorker: every instance may run one; rows
 * are leased, so no delivery is sent by two at once, and a crashed instance's lease expires, so its
 * rows are sent again. Each attempt is settled by `settleAttempt` (delivered, retried after a
 * backoff, or failed for good); an attempt cut short by the app shutting down is given back
 * without counting, since it was not the receiver's fault.
 */
export class DeliveryQueue<Claim extends { attempts: number }, Job, Outcome extends AttemptOutcome> {
  private readonly loop: PollingWorker<Claim>;

  constructor(
    private readonly store: DeliveryStore<Claim>,
    private readonly deliverer: Deliverer<Claim, Job, Outcome>,
    private readonly options: DeliveryQueueOptions,
    log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.loop = new PollingWorker(
      {
        pollIntervalMs: options.pollIntervalMs,
        batchSize: options.batchSize,
        // Long enough for the send and the write after it; a crashed instance's rows come back after it.
        leaseMs: options.timeoutMs * 2 + 5_000,
        label: options.label,
      },
      {
        claim: (now, lockedUntil, limit) => store.claimDue(now, lockedUntil, limit),
        handle: (claim, signal) => this.deliver(claim, signal),
      },
      log,
      scheduler,
    );
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  private async deliver(claim: Claim, signal: AbortSignal): Promise<void> {
    const job = await this.deliverer.prepare(claim);
    if (job === undefined) return;
    let outcome: Outcome | FailedAttempt;
    try {
      outcome = await this.deliverer.attempt(job, signal);
    } catch (error) {
      outcome = { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
    }
    if (this.loop.stopped && outcome.kind === 'failed') {
      await this.store.release(claim).catch(() => undefined);
      return;
    }
    const record = settleAttempt(outcome, claim.attempts, this.options, (status) =>
      this.deliverer.describe(status, outcome),
    );
    if (record.state === 'failed') this.deliverer.givenUp?.(claim, record);
    await this.store.finish(claim, record);
  }
}
