import type { JobRound, PeriodicJob } from '../../lib/scheduler';

/** How often every instance looks for unconfirmed addresses to forget (a DELETE by an index). */
const ROUND_MS = 60 * 60_000;

/**
 * Addresses never confirmed are forgotten once their link expires (CONFIRMATION_TTL_DAYS after the
 * last request): nothing else is ever sent to them, and a list keeps no address its owner did not
 * confirm. Every instance runs it; deleting the same rows twice is harmless.
 */
export class ForgetUnconfirmedSubscribers implements PeriodicJob {
  readonly name = 'newsletter: forget unconfirmed addresses';

  constructor(
    private readonly subscriptions: { forgetUnconfirmed(now: string): Promise<number> },
    private readonly now: () => Date = () => new Date(),
  ) {}

  firstDelayMs(): number {
    return ROUND_MS;
  }

  async run({ log }: JobRound): Promise<number> {
    try {
      const forgotten = await this.subscriptions.forgetUnconfirmed(this.now().toISOString());
      if (forgotten > 0) log.info({ forgotten }, 'unconfirmed newsletter addresses forgotten');
    } catch (error) {
      log.warn({ err: error }, 'unconfirmed newsletter addresses not forgotten this round');
    }
    return ROUND_MS;
  }
}
