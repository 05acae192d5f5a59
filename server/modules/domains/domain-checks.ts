import type { FastifyBaseLogger } from 'fastify';
import type { JobRound, PeriodicJob } from '../../lib/scheduler';
import type { DomainRecheckSummary, DomainsService } from './domains-service';

export interface DomainChecksOptions {
  /** DOMAIN_CHECK_INTERVAL_MINUTES: a domain is looked at again once its last check is this old. */
  intervalMs: number;
  /** Domains one tick claims at most, so a tick never runs long. */
  batchSize: number;
  /** DNS lookups in flight at once within a tick. */
  concurrency: number;
}

export const DOMAIN_CHECK_DEFAULTS = { batchSize: 50, concurrency: 10 } as const;

const MINUTE = 60_000;
/** The longest wait between two looks for due domains, however long the interval. */
const MAX_TICK_MS = 5 * MINUTE;
/** The wait after a tick that found a full batch due: the rest follow soon, not all at once. */
const BACKLOG_PAUSE_MS = 10_000;

/** `ms` give or take a tenth, so instances started together do not tick together. */
export function jittered(ms: number, random: () => number = Math.random): number {
  return Math.round(ms * (0.9 + random() * 0.2));
}

/**
 * The periodic re-check of custom domains (decision 44), a job on the app's scheduler: every
 * instance runs one. It looks for due domains every five minutes (or every interval, if shorter),
 * never at start, so a restart or a deploy does not make every instance ask at once; whether a
 * domain is due is kept in the database (`checked_at`), so restarts do not delay it beyond that.
 * Errors are logged, never thrown.
 */
export class DomainChecks implements PeriodicJob {
  readonly name = 'custom domain checks';

  constructor(
    private readonly domains: Pick<DomainsService, 'recheckDueDomains'>,
    private readonly options: DomainChecksOptions,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    private readonly random: () => number = Math.random,
  ) {}

  /**
   * One tick's work, at `now`: what each round runs, and what tests call with their own clock.
   * `signal` abandons the lookups under way when the app shuts down.
   */
  recheckDueDomains(now: Date = new Date(), signal?: AbortSignal): Promise<DomainRecheckSummary> {
    return this.domains.recheckDueDomains(now, {
      intervalMs: this.options.intervalMs,
      limit: this.options.batchSize,
      concurrency: this.options.concurrency,
      ...(signal ? { signal } : {}),
    });
  }

  firstDelayMs(): number {
    return jittered(Math.min(this.options.intervalMs, MAX_TICK_MS), this.random);
  }

  async run({ signal }: JobRound): Promise<number> {
    let backlog = false;
    try {
      const summary = await this.recheckDueDomains(new Date(), signal);
      for (const { domain, error } of summary.errors)
        this.log.warn({ err: error, domain }, 'custom domain not re-checked');
      for (const change of summary.changed) this.log.info(change, 'custom domain re-checked: state changed');
      backlog = summary.due === this.options.batchSize && summary.errors.length === 0;
    } catch (error) {
      if (!signal.aborted) this.log.error({ err: error }, 'custom domains could not be re-checked');
    }
    const pause = backlog ? BACKLOG_PAUSE_MS : Math.min(this.options.intervalMs, MAX_TICK_MS);
    return jittered(pause, this.random);
  }
}
