import { stringify } from 'csv-stringify/sync';
import {
  STATS_LIVE_MINUTES,
  type PostStats,
  type PublicationStats,
  type StatsEvent,
  type StatsNewsletter,
  type StatsPostEmail,
  type StatsPoint,
  type WriterStats,
} from '../../../contracts/stats';
import { POST_NOT_FOUND_MESSAGE } from '../../../contracts/posts';
import {
  PUBLICATION_NOT_FOUND_MESSAGE,
  roleAtLeast,
  type PublicationRole,
} from '../../../contracts/publications';
import { isUuid } from '../../../contracts/ids';
import { forbidden, notFound } from '../../lib/http-errors';
import type { Viewer } from '../accounts/authenticator';
import { optedOut, personReading, placeOf } from './event-facts';
import type { StatsCollector } from './stats-collector';
import { HOURLY_DAYS_KEPT } from './stats-retention';
import { addDays, hourStart, localDate, startOfLocalDay, utcHourOf } from './time-zone';
import {
  scopeName,
  type SeriesRow,
  type ShareRow,
  type StatsRepository,
  type StatsScope,
} from './stats-repository';

export const NOT_YOUR_STATS_MESSAGE =
  "Only the post's writer and its publication's owner and editors can see its stats";
export const NOT_YOUR_PUBLICATION_STATS_MESSAGE =
  "Only this publication's owner and editors can see its stats";

const TOP_POSTS = 10;
const TOP_SHARES = 10;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/** What the event's request says, besides its body. */
export interface EventRequest {
  address: string;
  headers: Record<string, string | string[] | undefined>;
  viewer: Viewer | null;
}

/** What stats need to know of publications: who holds which role, and where one is. */
export interface PublicationRoles {
  roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined>;
  findById(id: string): Promise<StatsPublication | undefined>;
  findBySlug(slug: string): Promise<StatsPublication | undefined>;
}

interface StatsPublication {
  id: string;
  slug: string;
  name: string;
  verified_domain: string | null;
}

/** A newsletter's figures, read from its own module (composition wires server/modules/newsletters/newsletter-figures.ts). */
export interface NewsletterFiguresReader {
  ofList(listId: string, fromDay: string, toDay: string): Promise<Omit<StatsNewsletter, 'list'>>;
  ofPost(postId: string): Promise<StatsPostEmail | null>;
}

interface Range {
  days: number;
  /** The IANA zone the dates are in. */
  zone: string;
  from: string;
  to: string;
}

/**
 * First-party stats (docs/decisions/0063-first-party-stats.md): takes the pages' events (leaving
 * out bots, readers who asked not to be counted and, at the flush, writers on their own pages),
 * and answers writers with their figures, by day in the time zone they ask in (decision 0067).
 */
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly collector: StatsCollector,
    private readonly publications: PublicationRoles,
    private readonly site: {
      host: string;
      isOwnHost: (host: string) => boolean;
      /** A blog's or publication's site address (its sub-domain, custom domain or /pub/ path). */
      siteUrl: (publication: { slug: string; verified_domain: string | null }) => string;
    },
    private readonly newsletters: NewsletterFiguresReader,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes one page's event; says nothing of whether it was counted (a bot learns nothing). */
  async record(event: StatsEvent, request: EventRequest): Promise<void> {
    const userAgentHeader = request.headers['user-agent'];
    const userAgent = typeof userAgentHeader === 'string' ? userAgentHeader : undefined;
    if (optedOut(request.headers)) return;
    const facts = personReading(userAgent);
    if (!facts || userAgent === undefined) return;
    const { site, source } = placeOf(event.page, event.referrer, this.site);
    const visitor = await this.collector.visitorHash(site, request.address, userAgent);
    this.collector.add({
      kind: event.kind,
      id: event.id,
      event: event.event,
      visitor,
      source,
      facts,
      viewerId: request.viewer?.id,
    });
  }

  async postStats(viewer: Viewer, postId: string, days: number, zone = 'UTC'): Promise<PostStats> {
    const post = isUuid(postId) ? await this.stats.findPost(postId) : undefined;
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (post.author_id !== viewer.id) {
      const role = await this.publications.roleOf(post.publication_id ?? post.author_id, viewer.id);
      if (!roleAtLeast(role, 'editor')) throw forbidden(NOT_YOUR_STATS_MESSAGE);
    }
    const scope: StatsScope = { kind: 'post', postId: post.id };
    const [report, newsletter] = await Promise.all([
      this.report(scope, undefined, days, zone),
      this.newsletters.ofPost(post.id),
    ]);
    return { post: { id: post.id, title: post.title }, ...report, newsletter };
  }

  async writerStats(viewer: Viewer, days: number, zone = 'UTC'): Promise<WriterStats> {
    const scope: StatsScope = { kind: 'writer', userId: viewer.id };
    const key = scopeName.writer(viewer.id);
    // A writer's newsletter is their own blog's, whose id is theirs (their posts in a team's
    // publication go to that publication's list, shown on its Stats page).
    const blog = (await this.publications.findById(viewer.id)) ?? {
      id: viewer.id,
      slug: viewer.username,
      name: viewer.username,
      verified_domain: null,
    };
    const list = { id: blog.id, slug: blog.slug, name: blog.name };
    return {
      writer: { id: viewer.id, username: viewer.username, siteUrl: this.site.siteUrl(blog) },
      ...(await this.reportWithExtras(scope, key, days, zone, list)),
    };
  }

  async publicationStats(viewer: Viewer, ref: string, days: number, zone = 'UTC'): Promise<PublicationStats> {
    const publication = await this.requirePublication(viewer, ref);
    const scope: StatsScope = { kind: 'publication', publicationId: publication.id };
    const key = scopeName.publication(publication.id);
    const list = { id: publication.id, slug: publication.slug, name: publication.name };
    return {
      publication: { ...list, siteUrl: this.site.siteUrl(publication) },
      ...(await this.reportWithExtras(scope, key, days, zone, list)),
    };
  }

  /** The scope a CSV export covers, once the viewer may see it. */
  async csvScope(
    viewer: Viewer,
    what: { kind: 'post' | 'publication'; id: string } | { kind: 'writer' },
  ): Promise<{ scope: StatsScope; name: string }> {
    if (what.kind === 'writer')
      return { scope: { kind: 'writer', userId: viewer.id }, name: viewer.username };
    if (what.kind === 'post') {
      const stats = await this.postStats(viewer, what.id, 1);
      return { scope: { kind: 'post', postId: stats.post.id }, name: stats.post.id };
    }
    const publication = await this.requirePublication(viewer, what.id);
    return { scope: { kind: 'publication', publicationId: publication.id }, name: publication.slug };
  }

  /** Every page's figures per day as CSV (csv-stringify): a header line, then one line per page and day. */
  async csv(scope: StatsScope, days: number): Promise<string> {
    // The export is one line per stored day row: UTC days, as the file's dates say.
    const range = this.rangeOf(days, 'UTC');
    const rows = await this.stats.csvRows(scope, range.from, range.to);
    return stringify(
      rows.map((row) => [
        row.day,
        row.kind,
        row.id,
        defused(row.title ?? ''),
        row.views,
        row.visitors,
        row.reads,
      ]),
      {
        header: true,
        columns: ['date', 'page', 'id', 'title', 'views', 'visitors', 'reads'],
        record_delimiter: 'windows',
      },
    );
  }

  private async requirePublication(viewer: Viewer, ref: string) {
    const reference = ref.trim().toLowerCase();
    const publication = isUuid(reference)
      ? await this.publications.findById(reference)
      : await this.publications.findBySlug(reference);
    if (!publication) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
    const role = await this.publications.roleOf(publication.id, viewer.id);
    if (!roleAtLeast(role, 'editor')) throw forbidden(NOT_YOUR_PUBLICATION_STATS_MESSAGE);
    return publication;
  }

  /** The last `days` dates in `zone`, today (in `zone`) the last. */
  private rangeOf(days: number, zone: string): Range {
    const to = localDate(this.now().getTime(), zone);
    return { days, zone, from: addDays(to, -(days - 1)), to };
  }

  /**
   * The UTC days that the zone's dates overlap, for the rows kept by UTC day only (sources,
   * devices, browsers, top posts). Reading the same dates as UTC days would leave out today's
   * views wherever the zone's date is not yet (or no longer) UTC's.
   */
  private utcDaysOf(range: Range): { from: string; to: string } {
    if (range.zone === 'UTC') return range;
    const begins = startOfLocalDay(range.from, range.zone);
    const ends = startOfLocalDay(addDays(range.to, 1), range.zone) - 1;
    return { from: localDate(begins, 'UTC'), to: localDate(ends, 'UTC') };
  }

  /** A writer's or publication's report: its queries run side by side (PostgreSQL answers them on several connections). */
  private async reportWithExtras(
    scope: StatsScope,
    scopeKey: string,
    days: number,
    zone: string,
    list: StatsNewsletter['list'],
  ) {
    const range = this.rangeOf(days, zone);
    const [report, extras, newsletter] = await Promise.all([
      this.report(scope, scopeKey, days, zone),
      this.extras(scope, scopeKey, days, zone),
      // The list's days are UTC days of the range's dates, as visitors are.
      this.newsletters.ofList(list.id, range.from, range.to),
    ]);
    return { ...report, ...extras, newsletter: { list, ...newsletter } };
  }

  /** The figures every report has. `scopeKey`: a writer's or publication's own unique visitors. */
  private async report(scope: StatsScope, scopeKey: string | undefined, days: number, zone: string) {
    const range = this.rangeOf(days, zone);
    // Day rows are UTC days; outside UTC they give the visitors (a day's salt is a UTC day's) and
    // the views and reads of days older than the hourly rows.
    const utcDays = this.utcDaysOf(range);
    const [daily, scopeVisitors, shares] = await Promise.all([
      this.stats.dailySeries(scope, range.from, range.to),
      // Over several pages, a visitor is counted once a day for all of them, not once per page.
      scopeKey ? this.stats.scopeVisitors(scopeKey, range.from, range.to) : undefined,
      this.stats.shares(scope, utcDays.from, utcDays.to, TOP_SHARES),
    ]);
    const visitorsOn = (day: string, pageSum: number) =>
      scopeVisitors ? (scopeVisitors.get(day) ?? 0) : pageSum;
    const dayRows = new Map(daily.map((row) => [row.at, row]));
    let series: StatsPoint[];
    let zoneFrom: string | null = null;
    if (days === 1) {
      series = await this.hourlyToday(scope, range);
    } else {
      const firstZoneDay = zone === 'UTC' ? range.from : this.firstZoneDay(range);
      if (firstZoneDay > range.from) zoneFrom = firstZoneDay;
      const zoneDays =
        zone === 'UTC' ? new Map<string, SeriesRow>() : await this.zoneDays(scope, range, firstZoneDay);
      series = [];
      for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
        const row = day >= firstZoneDay && zone !== 'UTC' ? zoneDays.get(day) : dayRows.get(day);
        series.push({
          start: new Date(startOfLocalDay(day, zone)).toISOString(),
          views: row?.views ?? 0,
          visitors: visitorsOn(day, dayRows.get(day)?.visitors ?? 0),
          reads: row?.reads ?? 0,
        });
      }
    }
    const views = series.reduce((sum, point) => sum + point.views, 0);
    const reads = series.reduce((sum, point) => sum + point.reads, 0);
    const visitors =
      days === 1
        ? visitorsOn(range.to, dayRows.get(range.to)?.visitors ?? 0)
        : series.reduce((sum, point) => sum + (point.visitors ?? 0), 0);
    return {
      timeZone: zone,
      zoneFrom,
      days,
      from: range.from,
      to: range.to,
      views,
      visitors,
      reads,
      readRatio: ratioOf(reads, views),
      series,
      sources: sharesOf(shares, 'source').map((row) => ({
        source: row.value,
        views: row.views,
        reads: row.reads,
      })),
      devices: sharesOf(shares, 'device').map((row) => ({ name: row.value, views: row.views })),
      browsers: sharesOf(shares, 'browser').map((row) => ({ name: row.value, views: row.views })),
    };
  }

  /**
   * The first date of the range whose every hour is still in the hourly rows (kept
   * HOURLY_DAYS_KEPT days): from it on, days are counted in the zone.
   */
  private firstZoneDay(range: Range): string {
    const keptSince = hourStart(utcHourOf(this.now().getTime() - HOURLY_DAYS_KEPT * DAY_MS));
    let day = range.from;
    while (day < range.to && startOfLocalDay(day, range.zone) < keptSince) day = addDays(day, 1);
    return day;
  }

  /** Views and reads per date in the zone from `firstDay` on, from the UTC hours that fall on each. */
  private async zoneDays(scope: StatsScope, range: Range, firstDay: string): Promise<Map<string, SeriesRow>> {
    const from = utcHourOf(startOfLocalDay(firstDay, range.zone));
    const to = utcHourOf(startOfLocalDay(addDays(range.to, 1), range.zone) - 1);
    const byDay = new Map<string, SeriesRow>();
    for (const row of await this.stats.hourlySeries(scope, from, to)) {
      // An hour belongs to the date its start falls on: where a zone is half an hour off UTC,
      // the hour around midnight goes to the day it starts in.
      const day = localDate(hourStart(row.at), range.zone);
      if (day < firstDay || day > range.to) continue;
      const sum = byDay.get(day) ?? { at: day, views: 0, reads: 0, visitors: null };
      sum.views += row.views;
      sum.reads += row.reads;
      byDay.set(day, sum);
    }
    return byDay;
  }

  /** Every hour of today in the zone, oldest first (23 or 25 on the days clocks change). */
  private async hourlyToday(scope: StatsScope, range: Range): Promise<StatsPoint[]> {
    const begins = startOfLocalDay(range.to, range.zone);
    const ends = startOfLocalDay(addDays(range.to, 1), range.zone);
    const hours: string[] = [];
    for (let at = hourStart(utcHourOf(begins)); at < ends; at += HOUR_MS) {
      if (localDate(at, range.zone) === range.to) hours.push(utcHourOf(at));
    }
    const first = hours[0] ?? utcHourOf(begins);
    const rows = await this.stats.hourlySeries(scope, first, hours.at(-1) ?? first);
    const byHour = new Map(rows.map((row) => [row.at, row]));
    return hours.map((hour) => ({
      start: `${hour}:00:00.000Z`,
      views: byHour.get(hour)?.views ?? 0,
      visitors: null,
      reads: byHour.get(hour)?.reads ?? 0,
    }));
  }

  private async extras(scope: StatsScope, scopeKey: string, days: number, zone: string) {
    const utcDays = this.utcDaysOf(this.rangeOf(days, zone));
    const since = new Date(this.now().getTime() - STATS_LIVE_MINUTES * 60_000).toISOString();
    const [top, live] = await Promise.all([
      this.stats.topPosts(scope, utcDays.from, utcDays.to, TOP_POSTS),
      this.stats.live(scopeKey, since),
    ]);
    return { live, topPosts: top.map((row) => ({ ...row, readRatio: ratioOf(row.reads, row.views) })) };
  }
}

const ratioOf = (reads: number, views: number) =>
  views === 0 ? 0 : Math.round((reads / views) * 1000) / 1000;

const sharesOf = (rows: ShareRow[], dimension: ShareRow['dimension']) =>
  rows.filter((row) => row.dimension === dimension);

/** A title a spreadsheet would take for a formula starts with a quote mark instead. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
