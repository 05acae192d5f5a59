import Bowser from 'bowser';
import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';

/** What an event's request says about its reader, reduced to what a writer is shown. */
export interface ReaderFacts {
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  browser: string;
}

/** Sources longer than this are cut: a value is a label, not a message. */
const SOURCE_MAX = 64;
export const DIRECT = 'Direct';
export const OWN_SITE = 'Inkwell';

/**
 * Whether a request is from a crawler or a script rather than a person's browser: isbot's list
 * (kept up to date by its maintainers), and no user agent at all. Requests that never ran the
 * page's script never report, which leaves out most of the rest.
 */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent);
}

/** Do Not Track or Global Privacy Control: the reader asked not to be counted. */
export function optedOut(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** What a user agent says, worked out once: readers send the same few, on every event. */
const parsed = new LRUCache<string, { bot: boolean; facts: ReaderFacts }>({ max: 2000 });

function parse(userAgent: string): { bot: boolean; facts: ReaderFacts } {
  const known = parsed.get(userAgent);
  if (known) return known;
  const result = Bowser.parse(userAgent);
  const type = result.platform.type;
  const entry = {
    // isbot's pattern is long: tried once per user agent, not once per event.
    bot: isBot(userAgent),
    facts: {
      device: type === 'desktop' || type === 'mobile' || type === 'tablet' ? type : 'other',
      browser: (result.browser.name ?? '').slice(0, SOURCE_MAX) || 'Other',
    } satisfies ReaderFacts,
  };
  parsed.set(userAgent, entry);
  return entry;
}

/** Device class and browser family from the user agent (bowser), remembered per user agent. */
export function readerFacts(userAgent: string): ReaderFacts {
  return parse(userAgent).facts;
}

/** The reader behind a user agent, or undefined for a bot or none (isBot), remembered per user agent. */
export function personReading(userAgent: string | undefined): ReaderFacts | undefined {
  if (!userAgent) return undefined;
  const { bot, facts } = parse(userAgent);
  return bot ? undefined : facts;
}

function urlOf(text: string | undefined): URL | undefined {
  if (!text) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

const hostOf = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '');

/** A campaign label as written by whoever made the link, tidied: lower case, no spaces or controls. */
function label(value: string | null): string | undefined {
  const cleaned = (value ?? '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SOURCE_MAX);
  return cleaned || undefined;
}

/**
 * Where a reader came from: the page's own `utm_source` or `ref` (our newsletter's links carry
 * `ref=newsletter`), else the referring site's host, never more of its address; a link from this
 * site (`isOwnHost`) is Inkwell's own, and no referrer at all is Direct.
 */
export function sourceOf(
  page: string | undefined,
  referrer: string | undefined,
  isOwnHost: (host: string) => boolean,
  pageUrl = urlOf(page),
): string {
  const tagged =
    label(pageUrl?.searchParams.get('utm_source') ?? null) ?? label(pageUrl?.searchParams.get('ref') ?? null);
  if (tagged) return tagged;
  const from = urlOf(referrer);
  if (!from) return DIRECT;
  const host = hostOf(from);
  if (isOwnHost(from.hostname.toLowerCase()) || (pageUrl && hostOf(pageUrl) === host)) return OWN_SITE;
  return host.slice(0, SOURCE_MAX);
}

/** The host a page was shown on (the site part of the visitor hash); `fallback` when the page gave none. */
export function siteOf(page: string | undefined, fallback: string, url = urlOf(page)): string {
  return url ? url.hostname.toLowerCase() : fallback;
}

/** Where an event was shown (its site) and where its reader came from, its page's address read once. */
export function placeOf(
  page: string | undefined,
  referrer: string | undefined,
  site: { host: string; isOwnHost: (host: string) => boolean },
): { site: string; source: string } {
  const url = urlOf(page);
  return { site: siteOf(page, site.host, url), source: sourceOf(page, referrer, site.isOwnHost, url) };
}
