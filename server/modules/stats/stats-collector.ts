import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StatsEventName, StatsPageKind } from '../../../contracts/stats';
import type { JobRound, PeriodicJob, ScheduledJob, Scheduler } from '../../lib/scheduler';
import type { ReaderFacts } from './event-facts';
import { scopeName, type PageOwner, type StatsBatch, type StatsRepository } from './stats-repository';

/** One accepted event, as held in memory until the next flush: no address, no user agent. */
export interface PendingEvent {
  kind: StatsPageKind;
  id: string;
  event: StatsEventName;
  /** Milliseconds since the epoch, when it was received. */
  at: number;
  /** The day's salted hash of the reader's address, user agent and site. */
  visitor: string;
  source: string;
  facts: ReaderFacts;
  /** The signed-in viewer, only to leave out a writer's own visits once the page's owner is known. */
  viewerId: string | undefined;
}

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
const utcHour = (ms: number) => new Date(ms).toISOString().slice(0, 13);

/**
 * Takes the pages' events into memory and writes them in batches, added up per page per hour and
 * per day: one transaction every few seconds instead of a write per view. Each instance writes
 * only its own increments, so totals stay exact across instances. A round that fails keeps its
 * events for the next; closing the app writes what is left (server/app.ts).
 */
export class StatsCollector implements PeriodicJob {
  readonly name = 'stats: write counted views';
  private pending: PendingEvent[] = [];
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
    return this.pending.length;
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

  add(event: Omit<PendingEvent, 'at'>): void {
    if (this.pending.length >= this.options.maxPendingEvents) return;
    this.pending.push({ ...event, at: this.now() });
    if (this.pending.length >= this.options.flushAtEvents) this.scheduled.wake();
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
    const events = this.pending;
    if (events.length === 0) return;
    this.pending = [];
    try {
      const owners = await this.repository.owners(events, new Date(this.now()).toISOString());
      await this.repository.write(batchOf(events, owners));
    } catch (error) {
      // Kept in front of what came meanwhile, within the same bound.
      this.pending = [...events, ...this.pending].slice(0, this.options.maxPendingEvents);
      throw error;
    }
  }

  /** Closing: the last round is written (the scheduler has stopped, so nothing else writes). */
  async close(): Promise<void> {
    try {
      await this.flush();
    } catch (error) {
      this.log.warn({ err: error, lost: this.pending.length }, 'stats not written at shutdown');
    }
  }
}

type Counts = { views: number; reads: number };

function bump<V extends Counts>(
  map: Map<string, V>,
  key: string,
  make: () => V,
  event: StatsEventName,
): void {
  let row = map.get(key);
  if (!row) {
    row = make();
    map.set(key, row);
  }
  if (event === 'view') row.views += 1;
  else row.reads += 1;
}

/**
 * Adds up a buffer of events into the rows one flush writes. Events for pages that cannot be
 * counted (unknown, unpublished) and a writer's own visits to their pages are left out here.
 */
export function batchOf(events: PendingEvent[], owners: PageOwner[]): StatsBatch {
  const ownerOf = new Map(owners.map((owner) => [`${owner.kind}:${owner.id}`, owner]));
  const hours = new Map<string, StatsBatch['hours'][number]>();
  const days = new Map<string, StatsBatch['days'][number]>();
  const sources = new Map<string, StatsBatch['sources'][number]>();
  const visitors = new Map<string, StatsBatch['visitors'][number]>();
  const live = new Map<string, StatsBatch['live'][number]>();

  for (const event of events) {
    const page = ownerOf.get(`${event.kind}:${event.id}`);
    if (!page) continue;
    if (event.viewerId !== undefined && event.viewerId === page.authorId) continue;
    const day = utcDay(event.at);
    const hour = utcHour(event.at);
    const pageKey = `${page.kind}:${page.id}`;
    bump(hours, `${pageKey} ${hour}`, () => ({ ...page, hour, views: 0, reads: 0 }), event.event);
    bump(days, `${pageKey} ${day}`, () => ({ ...page, day, views: 0, reads: 0 }), event.event);
    const dimensions = [
      ['source', event.source],
      ['device', event.facts.device],
      ['browser', event.facts.browser],
    ] as const;
    for (const [dimension, value] of dimensions) {
      bump(
        sources,
        `${pageKey} ${day} ${dimension} ${value}`,
        () => ({ ...page, day, dimension, value, views: 0, reads: 0 }),
        event.event,
      );
    }
    if (event.event !== 'view') continue;
    // A visitor is someone who viewed: once a day per page, per writer and per publication.
    const scopes: [string, PageOwner | undefined][] = [[scopeName.page(page), page]];
    if (page.authorId) scopes.push([scopeName.writer(page.authorId), undefined]);
    if (page.publicationId) scopes.push([scopeName.publication(page.publicationId), undefined]);
    const seenAt = new Date(event.at).toISOString();
    for (const [scope, scopePage] of scopes) {
      visitors.set(`${scope} ${day} ${event.visitor}`, { scope, day, hash: event.visitor, page: scopePage });
      if (scopePage) continue;
      const liveKey = `${scope} ${event.visitor}`;
      const previous = live.get(liveKey);
      if (!previous || previous.seenAt < seenAt) live.set(liveKey, { scope, hash: event.visitor, seenAt });
    }
  }
  return {
    hours: [...hours.values()],
    days: [...days.values()],
    sources: [...sources.values()],
    visitors: [...visitors.values()],
    live: [...live.values()],
  };
}
