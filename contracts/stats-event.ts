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

/**
 * A publication's site (a sub-domain or custom domain) cannot see a writer's sign-in on the main
 * site: opening it once at this fragment keeps that browser's visits out of its stats (the choice
 * lives in the site's own localStorage under STATS_CHOICE_KEY), and the second fragment undoes it.
 */
export const STATS_NOT_COUNTED_FRAGMENT = '#inkwell-stats=off';
export const STATS_COUNTED_FRAGMENT = '#inkwell-stats=on';
export const STATS_CHOICE_KEY = 'inkwell-stats';
