/**
 * What a page needs to report a view or a read, without the schemas (contracts/stats.ts), so the
 * counting code in a page's first load stays a few hundred bytes.
 */

/** Where pages send their view and read events (one small POST, after the page is interactive). */
export const STATS_EVENT_PATH = '/api/stats/event';

export const STATS_PAGE_KINDS = ['post', 'profile', 'publication'] as const;
export type StatsPageKind = (typeof STATS_PAGE_KINDS)[number];

export const STATS_EVENTS = ['view', 'read'] as const;
export type StatsEventName = (typeof STATS_EVENTS)[number];
