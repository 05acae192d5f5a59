/**
 * Where the feeds live, shared by the server (which answers them) and the pages (whose head links
 * to them for autodiscovery). One path per format; a query narrows the feed to one author (and,
 * later, one topic or publication), so every feed has the same shape of address.
 */
export type FeedFormat = 'rss' | 'atom';

export const FEED_PATHS: Record<FeedFormat, string> = { rss: '/rss.xml', atom: '/atom.xml' };

export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
};

/** At most one: a feed narrows to one author, one topic or one series, never two. */
export interface FeedScope {
  /** One author's posts; absent for the whole site. */
  userId?: string;
  /** One topic's posts (a normalized tag name); absent for the whole site. */
  tag?: string;
  /** One series' parts (docs/decisions/0078-series.md); absent for the whole site. */
  series?: string;
}

export function feedPath(format: FeedFormat, scope: FeedScope = {}): string {
  const path = FEED_PATHS[format];
  if (scope.userId) return `${path}?userId=${encodeURIComponent(scope.userId)}`;
  if (scope.tag) return `${path}?tag=${encodeURIComponent(scope.tag)}`;
  if (scope.series) return `${path}?series=${encodeURIComponent(scope.series)}`;
  return path;
}
