import type { StatsEventName, StatsPageKind } from '../../../contracts/stats';
import type { ReaderFacts } from './event-facts';
import { scopeName, type PageOwner, type StatsBatch } from './stats-repository';

/** One accepted event as the service hands it over: no address, no user agent. */
export interface AcceptedEvent {
  kind: StatsPageKind;
  id: string;
  event: StatsEventName;
  /** The day's salted hash of the reader's address, user agent and site. */
  visitor: string;
  source: string;
  facts: ReaderFacts;
  /** The signed-in viewer, only to leave out a writer's own visits once the page's owner is known. */
  viewerId: string | undefined;
}

/** A page's views and reads in one UTC hour from one source, device and browser (and viewer). */
interface Count {
  kind: StatsPageKind;
  id: string;
  hour: string;
  source: string;
  facts: ReaderFacts;
  viewerId: string | undefined;
  views: number;
  reads: number;
}

/** A visitor who viewed a page on a UTC day, and when they were last seen doing so. */
interface Visit {
  kind: StatsPageKind;
  id: string;
  day: string;
  hash: string;
  viewerId: string | undefined;
  lastSeen: number;
}

const HOUR_MS = 60 * 60_000;
/** Joins a key's parts: no page id, label, browser name or hash holds it. */
const SEP = '\u0001';

/**
 * The events taken since the last flush, added up as they come (decision 0093): one counter per
 * page, hour, source, device and browser, and one entry per visitor of a page a day, whatever the
 * number of events behind them. Nothing about an event is kept that the flush does not write.
 */
export class StatsBuffer {
  private readonly counts = new Map<string, Count>();
  private readonly visits = new Map<string, Visit>();
  /** Events added (the bound on what is held is in events, as a reader would count them). */
  events = 0;
  private hourFrom = Number.NaN;
  private hour = '';

  /** The UTC hour `YYYY-MM-DDTHH` of `at`, made once an hour rather than once an event. */
  private hourOf(at: number): string {
    if (!(at >= this.hourFrom && at < this.hourFrom + HOUR_MS)) {
      this.hourFrom = at - (at % HOUR_MS);
      this.hour = new Date(this.hourFrom).toISOString().slice(0, 13);
    }
    return this.hour;
  }

  add(event: AcceptedEvent, at: number): void {
    this.events += 1;
    const hour = this.hourOf(at);
    const viewer = event.viewerId ?? '';
    const { device, browser } = event.facts;
    const key = `${event.kind}${SEP}${event.id}${SEP}${hour}${SEP}${event.source}${SEP}${device}${SEP}${browser}${SEP}${viewer}`;
    let count = this.counts.get(key);
    if (!count) {
      count = {
        kind: event.kind,
        id: event.id,
        hour,
        source: event.source,
        facts: event.facts,
        viewerId: event.viewerId,
        views: 0,
        reads: 0,
      };
      this.counts.set(key, count);
    }
    if (event.event === 'view') count.views += 1;
    else {
      count.reads += 1;
      return;
    }
    // A visitor is someone who viewed; the hash is the day's, so it names the day too.
    const day = hour.slice(0, 10);
    const visitKey = `${event.kind}${SEP}${event.id}${SEP}${day}${SEP}${event.visitor}${SEP}${viewer}`;
    const visit = this.visits.get(visitKey);
    if (visit) visit.lastSeen = Math.max(visit.lastSeen, at);
    else
      this.visits.set(visitKey, {
        kind: event.kind,
        id: event.id,
        day,
        hash: event.visitor,
        viewerId: event.viewerId,
        lastSeen: at,
      });
  }

  /** Puts back a buffer whose flush failed, in front of what came meanwhile. */
  takeBack(older: StatsBuffer): void {
    this.events += older.events;
    for (const [key, count] of older.counts) {
      const now = this.counts.get(key);
      if (now) {
        now.views += count.views;
        now.reads += count.reads;
      } else this.counts.set(key, count);
    }
    for (const [key, visit] of older.visits) {
      const now = this.visits.get(key);
      if (now) now.lastSeen = Math.max(now.lastSeen, visit.lastSeen);
      else this.visits.set(key, visit);
    }
  }

  /** Every page counted, once each. */
  pages(): { kind: StatsPageKind; id: string }[] {
    const pages = new Map<string, { kind: StatsPageKind; id: string }>();
    for (const { kind, id } of this.counts.values()) pages.set(`${kind}${SEP}${id}`, { kind, id });
    return [...pages.values()];
  }

  /**
   * The rows one flush writes. Pages that cannot be counted (unknown, unpublished) and a writer's
   * own visits to their pages are left out here, once the pages' owners are known.
   */
  batch(owners: PageOwner[]): StatsBatch {
    const ownerOf = new Map(owners.map((owner) => [`${owner.kind}${SEP}${owner.id}`, owner]));
    const pageOf = (row: { kind: StatsPageKind; id: string; viewerId: string | undefined }) => {
      const page = ownerOf.get(`${row.kind}${SEP}${row.id}`);
      return page && (row.viewerId === undefined || row.viewerId !== page.authorId) ? page : undefined;
    };
    const hours = new Rows<StatsBatch['hours'][number]>();
    const days = new Rows<StatsBatch['days'][number]>();
    const sources = new Rows<StatsBatch['sources'][number]>();
    for (const count of this.counts.values()) {
      const page = pageOf(count);
      if (!page) continue;
      const { hour, views, reads } = count;
      const day = hour.slice(0, 10);
      const pageKey = `${page.kind}${SEP}${page.id}`;
      hours.add(`${pageKey}${SEP}${hour}`, views, reads, () => ({ ...page, hour, views: 0, reads: 0 }));
      days.add(`${pageKey}${SEP}${day}`, views, reads, () => ({ ...page, day, views: 0, reads: 0 }));
      for (const [dimension, value] of [
        ['source', count.source],
        ['device', count.facts.device],
        ['browser', count.facts.browser],
      ] as const) {
        sources.add(`${pageKey}${SEP}${day}${SEP}${dimension}${SEP}${value}`, views, reads, () => ({
          ...page,
          day,
          dimension,
          value,
          views: 0,
          reads: 0,
        }));
      }
    }
    // A visitor is counted once a day per page, per writer and per publication.
    const visitors = new Map<string, StatsBatch['visitors'][number]>();
    const live = new Map<string, { scope: string; hash: string; lastSeen: number }>();
    for (const visit of this.visits.values()) {
      const page = pageOf(visit);
      if (!page) continue;
      const { day, hash } = visit;
      const pageScope = scopeName.page(page);
      visitors.set(`${pageScope}${SEP}${day}${SEP}${hash}`, { scope: pageScope, day, hash, page });
      const scopes: string[] = [];
      if (page.authorId) scopes.push(scopeName.writer(page.authorId));
      if (page.publicationId) scopes.push(scopeName.publication(page.publicationId));
      for (const scope of scopes) {
        visitors.set(`${scope}${SEP}${day}${SEP}${hash}`, { scope, day, hash, page: undefined });
        const liveKey = `${scope}${SEP}${hash}`;
        const seen = live.get(liveKey);
        if (!seen) live.set(liveKey, { scope, hash, lastSeen: visit.lastSeen });
        else if (seen.lastSeen < visit.lastSeen) seen.lastSeen = visit.lastSeen;
      }
    }
    return {
      hours: hours.all(),
      days: days.all(),
      sources: sources.all(),
      visitors: [...visitors.values()],
      live: [...live.values()].map(({ scope, hash, lastSeen }) => ({
        scope,
        hash,
        seenAt: new Date(lastSeen).toISOString(),
      })),
    };
  }
}

/** Rows added up by key as the batch is made. */
class Rows<R extends { views: number; reads: number }> {
  private readonly rows = new Map<string, R>();

  add(key: string, views: number, reads: number, make: () => R): void {
    let row = this.rows.get(key);
    if (!row) {
      row = make();
      this.rows.set(key, row);
    }
    row.views += views;
    row.reads += reads;
  }

  all(): R[] {
    return [...this.rows.values()];
  }
}
