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
 * The rule on a topic's rows: `post_tags` holds a post's topics only while it is published or
 * scheduled and not hidden (posts-repository keeps it so), with a copy of its `published_at`, so a
 * topic's public posts are its rows whose time has come.
 */
export function publiclyTagged(table = 'post_tags', now: string = nowIso()): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(`${table}.published_at`)} <= ${now}`;
}
