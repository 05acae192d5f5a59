import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRound, PeriodicJob, ScheduledJob, Scheduler } from '../../lib/scheduler';
import { StatsBuffer, type AcceptedEvent } from './stats-buffer';
import type { StatsRepository } from './stats-repository';

export interface StatsCollectorOptions {
  /** How often the buffer is written. */
  flushIntervalMs: number;
  /** A buffer this full is written at once rather than at the next interval. */
  flushAtEvents: number;
  /** Past this many events waiting (the database away), new ones are dropped rather than kept. */
  maxPendingEvents: number;
}

export const STATS_COLLECTOR_DEFAULTS: StatsCollectorOptions = {
  flushIntervalMs: 5_000,
  flushAtEvents: 5_000,
  maxPendingEvents: 200_000,
};

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Takes the pages' events into memory, added up as they come (stats-buffer.ts), and writes them in
 * batches per page per hour and per day: one transaction every few seconds instead of a write per
 * view. Each instance writes only its own increments, so totals stay exact across instances. A
 * round that fails is added back to the next; closing the app writes what is left (server/app.ts).
 */
export class StatsCollector implements PeriodicJob {
  readonly name = 'stats: write counted views';
  private pending = new StatsBuffer();
  private readonly scheduled: ScheduledJob;
  private salt: { day: string; salt: Promise<string> } | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: StatsRepository,
    private readonly options: StatsCollectorOptions,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    scheduler: Pick<Scheduler, 'add'>,
    private readonly now: () => number = Date.now,
  ) {
    this.scheduled = scheduler.add(this);
  }

  /** Events waiting to be written (for tests and metrics). */
  get waiting(): number {
    return this.pending.events;
  }

  /**
   * The visitor's hash for today: SHA-256 of the day's salt, the site, the address and the user
   * agent (Plausible's method). The salt is random, shared by every instance through the database,
   * and deleted after the day, so yesterday's hashes can no longer be made or matched.
   */
  async visitorHash(site: string, address: string, userAgent: string): Promise<string> {
    const day = utcDay(this.now());
    if (this.salt?.day !== day) {
      const salt = this.repository.saltOf(day, randomBytes(32).toString('hex'));
      this.salt = { day, salt };
      salt.catch(() => {
        if (this.salt?.salt === salt) this.salt = undefined;
      });
    }
    const salt = await this.salt.salt;
    return createHash('sha256')
      .update(`${salt}\n${site}\n${address}\n${userAgent}`)
      .digest('hex')
      .slice(0, 32);
  }

  add(event: AcceptedEvent): void {
    if (this.pending.events >= this.options.maxPendingEvents) return;
    this.pending.add(event, this.now());
    if (this.pending.events >= this.options.flushAtEvents) this.scheduled.wake();
  }

  firstDelayMs(): number {
    return this.options.flushIntervalMs;
  }

  async run({ log }: JobRound): Promise<number> {
    try {
      await this.flush();
    } catch (error) {
      log.warn({ err: error }, 'stats not written this round; kept for the next');
    }
    return this.options.flushIntervalMs;
  }

  /** Writes what is waiting; one flush at a time. On failure the events go back in line. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.writeWaiting());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async writeWaiting(): Promise<void> {
    const taken = this.pending;
    if (taken.events === 0) return;
    this.pending = new StatsBuffer();
    try {
      const owners = await this.repository.owners(taken.pages(), new Date(this.now()).toISOString());
      await this.repository.write(taken.batch(owners));
    } catch (error) {
      // Added back to what came meanwhile, to be written with it next round.
      this.pending.takeBack(taken);
      throw error;
    }
  }

  /** Closing: the last round is written (the scheduler has stopped, so nothing else writes). */
  async close(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.log.warn({ err: error, lost: this.pending.events }, 'stats not written at shutdown');
    }
  }
}
