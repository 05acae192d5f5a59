import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The one rule of which posts a series may show, as a SQL condition on a series row and a posts
 * row (their aliases in the query): a post of the series' own blog, the writer's own posts (not in
 * a team's publication) for a writer's series, the publication's posts for a publication's.
 * Checked on every read, with `publiclyListed` for readers, so a post moved to another blog since
 * it was added leaves the series' pages, feeds and sitemap by itself.
 */
export function inScope(series = 'series', post = 'posts'): RawBuilder<SqlBool> {
  const s = (column: string) => sql.ref(`${series}.${column}`);
  const p = (column: string) => sql.ref(`${post}.${column}`);
  return sql<SqlBool>`((${s('publication_id')} is null and ${p('publication_id')} is null and ${p('author_id')} = ${s('owner_id')}) or ${p('publication_id')} = ${s('publication_id')})`;
}
