import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Author } from '../../../contracts/posts';
import { prefixEnd } from '../../db/prefix-range';
import type { DatabaseSchema } from '../../db/schema';
import type { SearchQuery, SearchTerm } from './search-query';
import { RANKED_MATCHES_MAX, type SearchRepository, type TitleSuggestion } from './search-repository';
import { publiclyListed } from '../posts/post-visibility';

/**
 * A parsed query as a tsquery expression. Each term goes through websearch_to_tsquery as a quoted
 * phrase (its words are only letters, digits and marks, so the quotes are the whole syntax it
 * sees): PostgreSQL's own parser, stemmer and stop words decide the lexemes. The structure comes
 * from our parse, combined with tsquery's && || !! operators, so both databases search for the
 * same thing, and an alternative with only exclusions (a scan of every post) cannot be written.
 * The whole expression is immutable, so PostgreSQL folds it to a constant when planning.
 */
function termQuery(term: SearchTerm): RawBuilder<unknown> {
  return sql`websearch_to_tsquery('english', ${`"${term.words.join(' ')}"`})`;
}

function combine(parts: RawBuilder<unknown>[], operator: '&&' | '||'): RawBuilder<unknown> {
  return parts.reduce((left, right) => sql`(${left} ${sql.raw(operator)} ${right})`);
}

function toTsquery(query: SearchQuery): RawBuilder<unknown> {
  return combine(
    query.alternatives.map((alternative) => {
      const wanted = combine(alternative.include.map(termQuery), '&&');
      if (alternative.exclude.length === 0) return wanted;
      return sql`(${wanted} && !!${combine(alternative.exclude.map(termQuery), '||')})`;
    }),
    '||',
  );
}

interface TitleRow {
  id: string;
  title: string;
  author_id: string;
  username: string;
  handle: string | null;
}

/** Full-text search on PostgreSQL: posts.search_vector (weighted A–D) under a GIN index. */
export class PostgresSearchRepository implements SearchRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Ranks the newest RANKED_MATCHES_MAX matches only, as on SQLite: the GIN index finds every
   * match, but only their ids are read to choose the newest; the costly part (reading each
   * post's vector and scoring it) is bounded whatever the words.
   */
  async rankedPostIds(query: SearchQuery, limit: number, offset: number): Promise<string[]> {
    const tsquery = toTsquery(query);
    // Normalization 1 divides by 1 + log(length): a long post that mentions a word in passing
    // does not outrank a short one about it.
    const result = await sql<{ id: string }>`
      with candidates as materialized (
        select id from posts where search_vector @@ ${tsquery} and ${publiclyListed()}
        order by id desc limit ${RANKED_MATCHES_MAX}
      )
      select posts.id from candidates join posts on posts.id = candidates.id
      order by ts_rank(posts.search_vector, ${tsquery}, 1) desc, posts.id desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return result.rows.map((row) => row.id);
  }

  async suggestTitles(prefixes: string[], limit: number): Promise<TitleSuggestion[]> {
    // Unstemmed ('simple') prefixes, matching the expression of the posts_title_words index.
    const tsquery = prefixes.map((prefix) => `'${prefix}':*`).join(' & ');
    const result = await sql<TitleRow>`
      select p.id, p.title, p.author_id, u.username, u.handle
      from posts p join users u on u.id = p.author_id
      where to_tsvector('simple', p.title) @@ to_tsquery('simple', ${tsquery})
        and ${publiclyListed('p')}
      order by p.id desc
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      title: row.title,
      author: { id: row.author_id, username: row.username, handle: row.handle },
    }));
  }

  async suggestAuthors(prefix: string, limit: number): Promise<Author[]> {
    const from = prefix.toLowerCase();
    const result = await sql<Author>`
      select id, username, handle from users
      where suspended_at is null and lower(username) collate "C" >= ${from} and lower(username) collate "C" < ${prefixEnd(from)}
      order by lower(username) collate "C", id
      limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
