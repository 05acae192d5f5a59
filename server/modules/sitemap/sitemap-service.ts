import { STATIC_PUBLIC_PAGES, postPagePath, profilePagePath, tagPagePath } from '../../../contracts/site';
import { seriesPath } from '../../../contracts/series';
import { KeysetRanges, type KeyRange } from './keyset-ranges';
import type { SitemapRepository } from './sitemap-repository';
import { writeSitemapIndex, writeUrlSet } from './sitemap-xml';

/** The sitemaps.org limit for one sitemap file. */
export const SITEMAP_URL_LIMIT = 50_000;
/** How long found range boundaries are kept before the next walk finds them afresh. */
const REWALK_AFTER_MS = 60 * 60 * 1000;

export const SITEMAP_PATHS = {
  index: '/sitemap.xml',
  pages: '/sitemap-pages.xml',
  posts: '/sitemap-posts.xml',
  profiles: '/sitemap-profiles.xml',
  topics: '/sitemap-topics.xml',
  series: '/sitemap-series.xml',
} as const;

export interface SitemapDocument {
  body: string;
  lastModified?: Date;
}

/**
 * A sitemap index naming child sitemaps: the static public pages, then every author with posts,
 * every topic carried by a post and every post, each cut into keyset ranges of at most 50,000 (docs/decisions/0008-sitemap-keyset-ranges.md).
 */
export class SitemapService {
  private readonly postRanges: KeysetRanges;
  private readonly authorRanges: KeysetRanges;
  private readonly topicRanges: KeysetRanges;
  private readonly seriesRanges: KeysetRanges;

  constructor(
    private readonly sitemaps: SitemapRepository,
    /** config.publicUrl: every address is absolute and built from it, never from the request. */
    private readonly publicUrl: string,
    private readonly urlLimit = SITEMAP_URL_LIMIT,
  ) {
    this.postRanges = new KeysetRanges(
      (after, n) => sitemaps.postIdAfter(after, n),
      urlLimit,
      REWALK_AFTER_MS,
    );
    this.authorRanges = new KeysetRanges(
      (after, n) => sitemaps.authorIdAfter(after, n),
      urlLimit,
      REWALK_AFTER_MS,
    );
    this.topicRanges = new KeysetRanges(
      (after, n) => sitemaps.topicNameAfter(after, n),
      urlLimit,
      REWALK_AFTER_MS,
    );
    this.seriesRanges = new KeysetRanges(
      (after, n) => sitemaps.seriesIdAfter(after, n),
      urlLimit,
      REWALK_AFTER_MS,
    );
  }

  async index(): Promise<SitemapDocument> {
    const [authorRanges, topicRanges, postRanges, seriesRanges] = await Promise.all([
      this.authorRanges.ranges(),
      this.topicRanges.ranges(),
      this.postRanges.ranges(),
      this.seriesRanges.ranges(),
    ]);
    return {
      body: writeSitemapIndex([
        this.url(SITEMAP_PATHS.pages),
        ...authorRanges.map((range) => this.url(rangePath(SITEMAP_PATHS.profiles, range))),
        ...topicRanges.map((range) => this.url(rangePath(SITEMAP_PATHS.topics, range))),
        ...postRanges.map((range) => this.url(rangePath(SITEMAP_PATHS.posts, range))),
        ...seriesRanges.map((range) => this.url(rangePath(SITEMAP_PATHS.series, range))),
      ]),
    };
  }

  pages(): SitemapDocument {
    return { body: writeUrlSet(STATIC_PUBLIC_PAGES.map((path) => ({ loc: this.url(path) }))) };
  }

  async posts(range: KeyRange): Promise<SitemapDocument> {
    const rows = await this.sitemaps.postsIn(range, this.urlLimit);
    let newest: string | undefined;
    for (const row of rows) if (newest === undefined || row.updated_at > newest) newest = row.updated_at;
    return {
      body: writeUrlSet(
        rows.map((row) => ({ loc: this.url(postPagePath(row.id)), lastmod: row.updated_at })),
      ),
      ...(newest === undefined ? {} : { lastModified: new Date(newest) }),
    };
  }

  /**
   * Profiles carry no lastmod: a profile changes with every post its author writes, edits or
   * deletes, and a date that is not reliably right is worse for a crawler than none.
   */
  async profiles(range: KeyRange): Promise<SitemapDocument> {
    const authors = await this.sitemaps.authorsIn(range, this.urlLimit);
    return { body: writeUrlSet(authors.map((author) => ({ loc: this.url(profilePagePath(author)) }))) };
  }

  /** Topic pages carry no lastmod, for the reason profiles do not. */
  async topics(range: KeyRange): Promise<SitemapDocument> {
    const names = await this.sitemaps.topicsIn(range, this.urlLimit);
    return { body: writeUrlSet(names.map((name) => ({ loc: this.url(tagPagePath(name)) }))) };
  }

  /** Series pages, with the time their title, description or parts last changed. */
  async series(range: KeyRange): Promise<SitemapDocument> {
    const rows = await this.sitemaps.seriesIn(range, this.urlLimit);
    return {
      body: writeUrlSet(rows.map((row) => ({ loc: this.url(seriesPath(row.id)), lastmod: row.updated_at }))),
    };
  }

  private url(path: string): string {
    return `${this.publicUrl}${path}`;
  }
}

/** A child sitemap's address: its keyset range in the query (both ends optional). */
export function rangePath(path: string, range: KeyRange): string {
  const query = new URLSearchParams();
  if (range.after !== null) query.set('after', range.after);
  if (range.until !== null) query.set('until', range.until);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
