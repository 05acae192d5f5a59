import { stringify } from 'csv-stringify/sync';
import {
  STATS_LIVE_MINUTES,
  type PostStats,
  type PublicationStats,
  type StatsEvent,
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
import { isBot, optedOut, readerFacts, siteOf, sourceOf } from './event-facts';
import type { StatsCollector } from './stats-collector';
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
const DAY_MS = 24 * 60 * 60_000;

/** What the event's request says, besides its body. */
export interface EventRequest {
  address: string;
  headers: Record<string, string | string[] | undefined>;
  viewer: Viewer | null;
}

/** What stats need to know of publications: who holds which role, and where one is. */
export interface PublicationRoles {
  roleOf(publicationId: string, userId: string): Promise<PublicationRole | undefined>;
  findById(id: string): Promise<{ id: string; slug: string; name: string } | undefined>;
  findBySlug(slug: string): Promise<{ id: string; slug: string; name: string } | undefined>;
}

interface Range {
  days: number;
  from: string;
  to: string;
}

/**
 * First-party stats (docs/decisions/0063-first-party-stats.md): takes the pages' events (leaving
 * out bots, readers who asked not to be counted and, at the flush, writers on their own pages),
 * and answers writers with their figures. Days are UTC: accounts have no time zone.
 */
export class StatsService {
  constructor(
    private readonly stats: StatsRepository,
    private readonly collector: StatsCollector,
    private readonly publications: PublicationRoles,
    private readonly site: { host: string; isOwnHost: (host: string) => boolean },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Takes one page's event; says nothing of whether it was counted (a bot learns nothing). */
  async record(event: StatsEvent, request: EventRequest): Promise<void> {
    const userAgentHeader = request.headers['user-agent'];
    const userAgent = typeof userAgentHeader === 'string' ? userAgentHeader : undefined;
    if (optedOut(request.headers) || isBot(userAgent) || userAgent === undefined) return;
    const visitor = await this.collector.visitorHash(
      siteOf(event.page, this.site.host),
      request.address,
      userAgent,
    );
    this.collector.add({
      kind: event.kind,
      id: event.id,
      event: event.event,
      visitor,
      source: sourceOf(event.page, event.referrer, this.site.isOwnHost),
      facts: readerFacts(userAgent),
      viewerId: request.viewer?.id,
    });
  }

  async postStats(viewer: Viewer, postId: string, days: number): Promise<PostStats> {
    const post = isUuid(postId) ? await this.stats.findPost(postId) : undefined;
    if (!post) throw notFound(POST_NOT_FOUND_MESSAGE);
    if (post.author_id !== viewer.id) {
      const role = await this.publications.roleOf(post.publication_id ?? post.author_id, viewer.id);
      if (!roleAtLeast(role, 'editor')) throw forbidden(NOT_YOUR_STATS_MESSAGE);
    }
    const scope: StatsScope = { kind: 'post', postId: post.id };
    return { post: { id: post.id, title: post.title }, ...(await this.report(scope, undefined, days)) };
  }

  async writerStats(viewer: Viewer, days: number): Promise<WriterStats> {
    const scope: StatsScope = { kind: 'writer', userId: viewer.id };
    const key = scopeName.writer(viewer.id);
    return {
      writer: { id: viewer.id, username: viewer.username },
      ...(await this.report(scope, key, days)),
      ...(await this.extras(scope, key, days)),
    };
  }

  async publicationStats(viewer: Viewer, ref: string, days: number): Promise<PublicationStats> {
    const publication = await this.requirePublication(viewer, ref);
    const scope: StatsScope = { kind: 'publication', publicationId: publication.id };
    const key = scopeName.publication(publication.id);
    return {
      publication: { id: publication.id, slug: publication.slug, name: publication.name },
      ...(await this.report(scope, key, days)),
      ...(await this.extras(scope, key, days)),
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
    const range = this.rangeOf(days);
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

  private rangeOf(days: number): Range {
    const today = this.now().getTime();
    return {
      days,
      from: new Date(today - (days - 1) * DAY_MS).toISOString().slice(0, 10),
      to: new Date(today).toISOString().slice(0, 10),
    };
  }

  /** The figures every report has. `scopeKey`: a writer's or publication's own unique visitors. */
  private async report(scope: StatsScope, scopeKey: string | undefined, days: number) {
    const range = this.rangeOf(days);
    const totals = await this.stats.totals(scope, range.from, range.to);
    const daily = await this.stats.dailySeries(scope, range.from, range.to);
    // Over several pages, a visitor is counted once a day for all of them, not once per page.
    const scopeVisitors = scopeKey
      ? await this.stats.scopeVisitors(scopeKey, range.from, range.to)
      : undefined;
    const visitorsOn = (day: string, pageSum: number) =>
      scopeVisitors ? (scopeVisitors.get(day) ?? 0) : pageSum;
    const visitors = daily.reduce((sum, row) => sum + visitorsOn(row.at, row.visitors ?? 0), 0);
    const series =
      days === 1
        ? hourlySeries(range.to, await this.stats.hourlySeries(scope, `${range.to}T00`, `${range.to}T23`))
        : dailySeries(range, daily, visitorsOn);
    const shares = await this.stats.shares(scope, range.from, range.to, TOP_SHARES);
    return {
      timeZone: 'UTC' as const,
      days,
      from: range.from,
      to: range.to,
      views: totals.views,
      visitors,
      reads: totals.reads,
      readRatio: ratioOf(totals.reads, totals.views),
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

  private async extras(scope: StatsScope, scopeKey: string, days: number) {
    const range = this.rangeOf(days);
    const since = new Date(this.now().getTime() - STATS_LIVE_MINUTES * 60_000).toISOString();
    const top = await this.stats.topPosts(scope, range.from, range.to, TOP_POSTS);
    return {
      live: await this.stats.live(scopeKey, since),
      topPosts: top.map((row) => ({ ...row, readRatio: ratioOf(row.reads, row.views) })),
    };
  }
}

const ratioOf = (reads: number, views: number) =>
  views === 0 ? 0 : Math.round((reads / views) * 1000) / 1000;

const sharesOf = (rows: ShareRow[], dimension: ShareRow['dimension']) =>
  rows.filter((row) => row.dimension === dimension);

/** Every day of the range, oldest first, days without a view as zeros. */
function dailySeries(
  range: Range,
  rows: SeriesRow[],
  visitorsOn: (day: string, pageSum: number) => number,
): StatsPoint[] {
  const byDay = new Map(rows.map((row) => [row.at, row]));
  const points: StatsPoint[] = [];
  const first = Date.parse(`${range.from}T00:00:00.000Z`);
  for (let index = 0; index < range.days; index += 1) {
    const start = new Date(first + index * DAY_MS).toISOString();
    const row = byDay.get(start.slice(0, 10));
    points.push({
      start,
      views: row?.views ?? 0,
      visitors: visitorsOn(start.slice(0, 10), row?.visitors ?? 0),
      reads: row?.reads ?? 0,
    });
  }
  return points;
}

/** Every hour of today, oldest first. */
function hourlySeries(day: string, rows: SeriesRow[]): StatsPoint[] {
  const byHour = new Map(rows.map((row) => [row.at, row]));
  const points: StatsPoint[] = [];
  for (let hour = 0; hour < 24; hour += 1) {
    const key = `${day}T${String(hour).padStart(2, '0')}`;
    const row = byHour.get(key);
    points.push({
      start: `${key}:00:00.000Z`,
      views: row?.views ?? 0,
      visitors: null,
      reads: row?.reads ?? 0,
    });
  }
  return points;
}

/** A title a spreadsheet would take for a formula starts with a quote mark instead. */
const defused = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
