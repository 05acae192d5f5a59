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
