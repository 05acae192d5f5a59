import type { FastifyBaseLogger } from 'fastify';

/** What a round of a job is given. */
export interface JobRound {
  /** Aborts when the scheduler stops: work in flight should give up. */
  signal: AbortSignal;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** Work done again and again: each round says how long to wait before the next. */
export interface PeriodicJob {
  /** Names the job in the log. */
  readonly name: string;
  /** The wait between the scheduler's start and the first round. */
  firstDelayMs(): number;
  /** One round; resolves to the wait before the next. Its errors are its own to log. */
  run(round: JobRound): Promise<number>;
}

/** A job on the scheduler, as its owner sees it. */
export interface ScheduledJob {
  /** Something is waiting: run a round now, or right after the one under way. */
  wake(): void;
  /** Whether the scheduler has stopped (a round's last chance to give work back). */
  readonly stopped: boolean;
}

interface Entry {
  job: PeriodicJob;
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  wokenWhileRunning: boolean;
  /** Woken before the scheduler started: the first round runs at once. */
  wokenEarly: boolean;
}

/**
 * Every periodic job of one app (the queues' workers, the custom-domain checks, the site hosts'
 * refresh) on one timer mechanism, started when the app is ready and stopped, every job at once,
 * when it closes: no job has a loop of its own, and none is left running after close. A pending
 * timer never keeps the process alive on its own.
 */
export class Scheduler {
  private readonly entries: Entry[] = [];
  private readonly shutdown = new AbortController();
  private started = false;

  constructor(private readonly log: JobRound['log']) {}

  get stopped(): boolean {
    return this.shutdown.signal.aborted;
  }

  add(job: PeriodicJob): ScheduledJob {
    const entry: Entry = {
      job,
      timer: undefined,
      running: undefined,
      wokenWhileRunning: false,
      wokenEarly: false,
    };
    this.entries.push(entry);
    if (this.started && !this.stopped) this.schedule(entry, job.firstDelayMs());
    const shutdown = this.shutdown.signal;
    return {
      wake: () => this.wake(entry),
      get stopped() {
        return shutdown.aborted;
      },
    };
  }

  /** The jobs waiting for a round or running one: none once stopped. */
  active(): string[] {
    return this.entries.filter((entry) => entry.timer || entry.running).map((entry) => entry.job.name);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const entry of this.entries) this.schedule(entry, entry.wokenEarly ? 0 : entry.job.firstDelayMs());
  }

  /** Clears every timer, aborts the rounds under way and waits for them. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    for (const entry of this.entries) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
    await Promise.all(this.entries.map((entry) => entry.running));
  }

  private wake(entry: Entry): void {
    if (this.stopped) return;
    if (!this.started) {
      entry.wokenEarly = true;
      return;
    }
    if (entry.running) {
      entry.wokenWhileRunning = true;
      return;
    }
    this.schedule(entry, 0);
  }

  private schedule(entry: Entry, delayMs: number): void {
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      entry.running = this.round(entry).finally(() => {
        entry.running = undefined;
      });
    }, delayMs);
    entry.timer.unref();
  }

  private async round(entry: Entry): Promise<void> {
    let next: number;
    try {
      next = await entry.job.run({ signal: this.shutdown.signal, log: this.log });
    } catch (error) {
      // A job logs its own failures; this is the net under it, and the job goes on.
      if (!this.stopped) this.log.error({ err: error }, `${entry.job.name} failed`);
      next = entry.job.firstDelayMs();
    }
    if (this.stopped) return;
    const woken = entry.wokenWhileRunning;
    entry.wokenWhileRunning = false;
    this.schedule(entry, woken ? 0 : next);
  }
}
