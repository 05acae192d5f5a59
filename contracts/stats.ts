import { idSchema } from './ids';
import { SEND_STATES, type EmailOutcome } from './newsletter-subscribers';
import { STATS_EVENTS, STATS_PAGE_KINDS } from './stats-event';
import { z } from './zod';

/**
 * First-party stats (docs/decisions/0063-first-party-stats.md): what a page reports, and what a
 * writer is answered. Nothing here names a reader.
 */

export {
  STATS_EVENTS,
  STATS_EVENT_PATH,
  STATS_PAGE_KINDS,
  type StatsEventName,
  type StatsPageKind,
} from './stats-event';

/** The longest range asked for at once: a year. */
export const STATS_DAYS_MAX = 365;
/** The live count covers this many minutes. */
export const STATS_LIVE_MINUTES = 30;

const ADDRESS_MAX = 2048;

/**
 * A page's report. `page` is the page's own address (for `utm_source`/`ref` and its host) and
 * `referrer` the address it was reached from (only its host is kept). Sent as JSON, or as text
 * holding JSON (navigator.sendBeacon from a publication's site sends text/plain).
 */
export const statsEventSchema = z.strictObject({
  kind: z.enum(STATS_PAGE_KINDS, { error: "kind must be 'post', 'profile' or 'publication'" }),
  id: idSchema('id', 'There is no such page'),
  event: z.enum(STATS_EVENTS, { error: "event must be 'view' or 'read'" }),
  page: z.string({ error: 'page must be text' }).max(ADDRESS_MAX, 'page is too long').optional(),
  referrer: z.string({ error: 'referrer must be text' }).max(ADDRESS_MAX, 'referrer is too long').optional(),
});
export type StatsEvent = z.infer<typeof statsEventSchema>;

const DAYS_MESSAGE = `days must be a whole number from 1 to ${STATS_DAYS_MAX}`;

/** `days=N`: the last N days, today included (days=1: today, by the hour). */
export const statsDaysSchema = z
  .string({ error: DAYS_MESSAGE })
  .regex(/^\d{1,3}$/, DAYS_MESSAGE)
  .transform(Number)
  .refine((value) => value >= 1 && value <= STATS_DAYS_MAX, DAYS_MESSAGE)
  .optional();

export const STATS_DAYS_DEFAULT = 30;

const TIME_ZONE_MESSAGE = 'tz must be an IANA time zone, such as Europe/Paris or America/Los_Angeles';

/** The zone's canonical name if `name` is an IANA time zone this runtime knows (Intl's own list), else undefined. */
export function canonicalTimeZone(name: string): string | undefined {
  // Only names: Intl also takes offsets such as "+01:00", which have no daylight saving and no place.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * `tz`: the writer's time zone, which their days are counted in (the stats page sends the
 * browser's). Default UTC. See docs/decisions/0067-stats-in-the-writers-time-zone.md.
 */
export const statsTimeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .transform((value, context) => {
    const zone = canonicalTimeZone(value.trim());
    if (zone === undefined) {
      context.addIssue({ code: 'custom', message: TIME_ZONE_MESSAGE });
      return z.NEVER;
    }
    return zone;
  })
  .optional();

const count = z.number().int().nonnegative();
const ratio = z.number().min(0).describe('reads ÷ views (0 when there were no views)');

export const statsPointSchema = z.strictObject({
  start: z
    .string()
    .describe("The start of the hour or day (ISO 8601, UTC): a day's local midnight in `timeZone`"),
  views: count,
  visitors: count.nullable().describe('Unique visitors of the day; null for an hour'),
  reads: count,
});

export const statsSourceSchema = z.strictObject({
  source: z
    .string()
    .describe(
      "A referring site's host, a `utm_source`/`ref` value (`newsletter` for the newsletter's links), `Inkwell` (from this site) or `Direct`",
    ),
  views: count,
  reads: count,
});

const statsShareSchema = z.strictObject({ name: z.string(), views: count });

export const statsTotalsShape = {
  timeZone: z.string().describe('The time zone the days are counted in: `tz`, or UTC'),
  zoneFrom: z
    .string()
    .nullable()
    .describe(
      "The first day whose views and reads are counted in `timeZone`, from the hourly figures (kept 30 days); the days before it are UTC days. null when every day is in `timeZone` (UTC, or the whole range within the hourly figures' reach)",
    ),
  days: z.number().int(),
  from: z.string().describe('The first day counted (YYYY-MM-DD)'),
  to: z.string().describe('The last day counted: today (YYYY-MM-DD)'),
  views: count,
  visitors: count.describe('Unique visitors per day, added up over the days'),
  reads: count,
  readRatio: ratio,
  series: z.array(statsPointSchema).describe('Every hour of today (days=1) or every day, oldest first'),
  sources: z.array(statsSourceSchema),
  devices: z.array(statsShareSchema).describe('desktop, mobile, tablet or other'),
  browsers: z.array(statsShareSchema),
};

/** What became of a post's emails, by outcome (the same words as the Subscribers page's). */
const statsEmailsSchema = z
  .strictObject({
    waiting: count,
    sent: count,
    bounced: count,
    failed: count,
    skipped: count,
    cancelled: count,
  } satisfies Record<EmailOutcome, typeof count>)
  .describe(
    'waiting: still to go; sent: accepted by the mail server; bounced: refused for good; failed: given up, or cut short by a crash; skipped: the address left first; cancelled: the post stopped being public first. Opens are not counted: no tracking pixel.',
  );

export const statsPostEmailSchema = z.strictObject({
  emailedAt: z.string().describe('When publishing (or scheduling) asked for the email'),
  state: z.enum(SEND_STATES),
  emails: statsEmailsSchema,
});
export type StatsPostEmail = z.infer<typeof statsPostEmailSchema>;

export const STATS_NEWSLETTER_POSTS = 10;

/** A list's newsletter beside its stats: subscribers now, how they came and went, the posts it emailed. */
export const statsNewsletterSchema = z.strictObject({
  list: z.strictObject({ id: z.string(), slug: z.string(), name: z.string() }),
  subscribers: count.describe('Active subscribers now'),
  growth: z
    .array(
      z.strictObject({
        day: z.string().describe('A UTC day (YYYY-MM-DD)'),
        subscribed: count.describe('Addresses that became active that day'),
        unsubscribed: count.describe('Addresses that left that day'),
      }),
    )
    .describe('Every UTC day of the range (the same dates as `from`…`to`), oldest first'),
  posts: z
    .array(
      z.strictObject({
        id: z.string(),
        title: z.string(),
        ...statsPostEmailSchema.shape,
      }),
    )
    .describe(
      `The posts whose email was asked for in the range, newest first, at most ${STATS_NEWSLETTER_POSTS}`,
    ),
});
export type StatsNewsletter = z.infer<typeof statsNewsletterSchema>;

export const postStatsSchema = z.strictObject({
  post: z.strictObject({ id: z.string(), title: z.string() }),
  ...statsTotalsShape,
  newsletter: statsPostEmailSchema
    .nullable()
    .describe("The post's email to its list's subscribers; null when it was not emailed"),
});
export type PostStats = z.infer<typeof postStatsSchema>;

export const statsTopPostSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  views: count,
  visitors: count,
  reads: count,
  readRatio: ratio,
});

export const scopeStatsShape = {
  ...statsTotalsShape,
  live: count.describe(`Visitors seen in the last ${STATS_LIVE_MINUTES} minutes`),
  topPosts: z.array(statsTopPostSchema),
  newsletter: statsNewsletterSchema.describe(
    "The newsletter of the writer's own blog (for a writer) or of the publication",
  ),
};

const siteUrlSchema = z
  .string()
  .describe(
    "The blog's or publication's site, where the writer's own visits are left out only once they ask this browser not to be counted (`#inkwell-stats=off`): another origin cannot see their sign-in",
  );

export const writerStatsSchema = z.strictObject({
  writer: z.strictObject({ id: z.string(), username: z.string(), siteUrl: siteUrlSchema }),
  ...scopeStatsShape,
});
export type WriterStats = z.infer<typeof writerStatsSchema>;

export const publicationStatsSchema = z.strictObject({
  publication: z.strictObject({ id: z.string(), slug: z.string(), name: z.string(), siteUrl: siteUrlSchema }),
  ...scopeStatsShape,
});
export type PublicationStats = z.infer<typeof publicationStatsSchema>;
export type StatsPoint = z.infer<typeof statsPointSchema>;
export type StatsTopPost = z.infer<typeof statsTopPostSchema>;
