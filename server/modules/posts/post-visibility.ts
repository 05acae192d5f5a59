import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { nowIso } from '../../lib/clock';

/**
 * The one rule of who may read a post, written once for SQL and once for TypeScript here and
 * nowhere else: a post is public once it is published (`published_at <= now`: drafts have none,
 * scheduled posts have one still to come; docs/decisions/0023-drafts-and-scheduling.md) and while
 * no moderator has hidden it (docs/decisions/0042-operators-and-moderation.md). To everyone but
 * its writer (and a moderator's queue) a post outside this rule does not exist.
 */
export function isPubliclyVisible(
  post: { publishedAt: string | null; hiddenAt: string | null },
  now: string = nowIso(),
): boolean {
  return isPublished(post.publishedAt, now) && post.hiddenAt === null;
}

/** The writer's half of the rule: the post is out (not a draft, its scheduled time has come). */
export function isPublished(publishedAt: string | null, now: string = nowIso()): boolean {
  return publishedAt !== null && publishedAt <= now;
}

/**
 * The same rule as a SQL condition on the posts row named `table` (its alias in the query), for a
 * Kysely `.where(…)` or inside a `sql` template. Both columns compare as stored text, so the
 * condition uses the `published_at` indexes on both databases.
 */
export function publiclyVisible(table = 'posts', now: string = nowIso()): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${table}.published_at`)} <= ${now} and ${sql.ref(`${table}.hidden_at`)} is null)`;
}

/**
 * Whether a post's topics belong in `post_tags`: published or scheduled, not hidden, and listed.
 * The posts repository and moderation keep the rows by this one test.
 */
export function belongsInTopics(post: {
  publishedAt: string | null;
  hiddenAt: string | null;
  newsletter: string | null | undefined;
}): boolean {
  return post.publishedAt !== null && post.hiddenAt === null && isListed(post.newsletter);
}

/**
 * The rule on a topic's rows: `post_tags` holds a post's topics only while it is published or
 * scheduled, not hidden and listed (posts-repository keeps it so), with a copy of its `published_at`, so a
 * topic's public posts are its rows whose time has come.
 */
export function publiclyTagged(table = 'post_tags', now: string = nowIso()): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.published_at`)} <= ${now}`;
}

/**
 * The rule of where a post is listed, here and nowhere else (decision 65): a public post is in
 * lists (home, profiles, publication sites, topics, feeds, sitemaps, search, discovery, Conduit's
 * lists, counts) unless it was sent out "email only". An email-only post stays public: its own
 * page, comments and favorites work for whoever has its link; only the lists leave it out.
 */
export function isPubliclyListed(
  post: { publishedAt: string | null; hiddenAt: string | null; newsletter: string | null },
  now: string = nowIso(),
): boolean {
  return isPubliclyVisible(post, now) && isListed(post.newsletter);
}

/** The listing half of the rule, for a post's stored newsletter choice. */
export function isListed(newsletter: string | null | undefined): boolean {
  return newsletter !== EMAIL_ONLY;
}

/** The choice that keeps a post off the lists. */
export const EMAIL_ONLY = 'email-only';

/** `publiclyVisible` and listed, as a SQL condition on the posts row named `table`. */
export function publiclyListed(table = 'posts', now: string = nowIso()): RawBuilder<SqlBool> {
  const newsletter = sql.ref(`${table}.newsletter`);
  return sql<SqlBool>`(${publiclyVisible(table, now)} and (${newsletter} is null or ${newsletter} <> ${EMAIL_ONLY}))`;
}
