import type { FastifyBaseLogger } from 'fastify';
import type { JobRound, PeriodicJob, ScheduledJob, Scheduler } from './scheduler';

/**
 * The wait before attempt `attempts + 1`: exponential, capped, with "equal jitter" (half fixed,
 * half random) so jobs that failed together are not all retried in the same instant.
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

/** What one attempt at an outbound delivery (a webhook, an activity) came to. */
export type AttemptOutcome =
  | { kind: 'answered'; status: number }
  /** Nothing answered in time, or the connection failed: worth another attempt. */
  | { kind: 'failed'; error: string }
  /** The address may not be reached: no attempt was made, and none will be. */
  | { kind: 'refused'; error: string };

/** How often a delivery is tried, and how long between tries. */
export interface RetryRule {
  maxAttempts: number;
  /** The wait after the first failure; each further one doubles it, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/** Where an attempt leaves its row in the queue. */
export interface AttemptRecord {
  state: 'pending' | 'delivered' | 'failed';
  status: number | null;
  error: string | null;
  nextAttemptAt?: string;
  now: string;
}

/**
 * Where a delivery goes after its `attempts`-th attempt: delivered on a 2xx; failed for good when
 * its address was refused or its attempts ran out; otherwise pending again after a backoff.
 * `describe` words any other answer for the log.
 */
export function settleAttempt(
  outcome: AttemptOutcome,
  attempts: number,
  rule: RetryRule,
  describe: (status: number) => string,
  now = Date.now(),
): AttemptRecord {
  const at = new Date(now).toISOString();
  if (outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300) {
    return { state: 'delivered', status: outcome.status, error: null, now: at };
  }
  const status = outcome.kind === 'answered' ? outcome.status : null;
  const error = outcome.kind === 'answered' ? describe(outcome.status) : outcome.error;
  if (outcome.kind === 'refused' || attempts >= rule.maxAttempts)
    return { state: 'failed', status, error, now: at };
  const wait = backoffMs(attempts, rule.backoffBaseMs, rule.backoffMaxMs);
  return { state: 'pending', status, error, now: at, nextAttemptAt: new Date(now + wait).toISOString() };
}

export interface PollingWorkerOptions {
  /** How often the queue is read when nothing woke the worker. */
  pollIntervalMs: number;
  /** Jobs handled at once by one instance. */
  batchSize: number;
  /** How long a claim is held: the handling and the write after it must fit, with room to spare. */
  leaseMs: number;
  /** Names the queue in the log. */
  label: string;
}

export interface PollingWork<Job> {
  /** Leases up to `limit` due jobs until `lockedUntil` (atomically: no two workers get one job). */
  claim(now: string, lockedUntil: string, limit: number): Promise<Job[]>;
  /** Handles one leased job; `signal` aborts when the server shuts down. */
  handle(job: Job, signal: AbortSignal): Promise<void>;
}

/**
 * The loop of a queue kept in a database table (webhook deliveries, account emails), as a job on
 * the app's scheduler: every instance runs one; it reads the queue when woken or every
 * `pollIntervalMs`, handles a batch at a time and reads again at once while batches come back
 * full. Leases make each job run once across instances, and a crashed instance's leases expire,
 * so its jobs run again elsewhere.
 */
export class PollingWorker<Job> implements PeriodicJob {
  readonly name: string;
  private readonly scheduled: ScheduledJob;

  constructor(
    private readonly options: PollingWorkerOptions,
    private readonly work: PollingWork<Job>,
    private readonly log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.name = options.label;
    this.scheduled = scheduler.add(this);
  }

  /** Whether the app is shutting down: a job in flight gives its attempt back. */
  get stopped(): boolean {
    return this.scheduled.stopped;
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.scheduled.wake();
  }

  firstDelayMs(): number {
    return 0;
  }

  async run({ signal }: JobRound): Promise<number> {
    let claimedFullBatch = false;
    try {
      const now = Date.now();
      const lease = new Date(now + this.options.leaseMs).toISOString();
      const claimed = await this.work.claim(new Date(now).toISOString(), lease, this.options.batchSize);
      claimedFullBatch = claimed.length === this.options.batchSize;
      await Promise.all(claimed.map((job) => this.work.handle(job, signal)));
    } catch (error) {
      if (!signal.aborted) this.log.error({ err: error }, `${this.options.label} could not be read`);
    }
    return claimedFullBatch ? 0 : this.options.pollIntervalMs;
  }
}
