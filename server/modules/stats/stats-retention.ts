import type { JobRound, PeriodicJob } from '../../lib/scheduler';
import { STATS_LIVE_MINUTES } from '../../../contracts/stats';

/** How often every instance forgets what is kept only briefly. */
const ROUND_MS = 10 * 60_000;
/** Hourly rows are kept this long; the daily rows hold the longer view. */
export const HOURLY_DAYS_KEPT = 30;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Forgets, on every instance (deleting twice is harmless): the salts and visitor hashes of days
 * gone by (a visitor can then be matched by no one, us included), sightings older than the live
 * window, and hourly rows past HOURLY_DAYS_KEPT days. No event is ever stored, so there are none
 * to forget.
 */
export class StatsRetention implements PeriodicJob {
  readonly name = 'stats: forget salts, hashes and old hours';

  constructor(
    private readonly stats: {
      forget(limits: { beforeDay: string; liveSince: string; hoursBefore: string }): Promise<number>;
    },
    private readonly now: () => Date = () => new Date(),
  ) {}

  firstDelayMs(): number {
    return 60_000;
  }

  /** One round, also run by the tests with their own clock. */
  forget(): Promise<number> {
    const now = this.now().getTime();
    return this.stats.forget({
      beforeDay: new Date(now).toISOString().slice(0, 10),
      liveSince: new Date(now - STATS_LIVE_MINUTES * 60_000).toISOString(),
      hoursBefore: new Date(now - HOURLY_DAYS_KEPT * DAY_MS).toISOString().slice(0, 13),
    });
  }

  async run({ log }: JobRound): Promise<number> {
    try {
      await this.forget();
    } catch (error) {
      log.warn({ err: error }, 'stats: nothing forgotten this round');
    }
    return ROUND_MS;
  }
}
