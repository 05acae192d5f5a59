import { sql, type Kysely } from 'kysely';
import type { Author } from '../../../contracts/posts';
import { prefixEnd } from '../../db/prefix-range';
import type { DatabaseSchema } from '../../db/schema';
import { toFts5Match } from './fts5-match';
import type { SearchQuery } from './search-query';
import { RANKED_MATCHES_MAX, type SearchRepository, type TitleSuggestion } from './search-repository';
import { publiclyListed } from '../posts/post-visibility';

/**
 * FTS5's ranking: bm25 with column weights in the order of post_search's columns. A word in the
 * title counts five times one in the content, tags twice, the author's name half (PostgreSQL's
 * A/B/C/D weights have the same proportions).
 */
const RANK_FUNCTION = 'bm25(10.0, 4.0, 2.0, 1.0)';

/** SQLite's lower() folds ASCII letters only; the prefix is folded the same way to compare. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

interface TitleRow {
  id: string;
  title: string;
  author_id: string;
  username: string;
  handle: string | null;
}

/** Full-text search on SQLite's FTS5 tables, kept by the triggers of the search migration. */
export class SqliteSearchRepository implements SearchRepository {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /**
   * Ranks the newest RANKED_MATCHES_MAX matches only: FTS5 walks its doclists newest first to find
   * where they begin, then scores just that range, so no query costs more than that many matches
   * (better-sqlite3 is synchronous: a long query would hold up every other request).
   */
  async rankedPostIds(query: SearchQuery, limit: number, offset: number): Promise<string[]> {
    const match = toFts5Match(query);
    // Drafts and scheduled posts are indexed too (their text is searchable the moment they go
    // public, with no job to run), and left out here by their publication time.
    const now = new Date().toISOString();
    const result = await sql<{ post_id: string }>`
      select s.post_id
      from post_search f join post_search_ids s on s.search_id = f.rowid
      join posts p on p.id = s.post_id and ${publiclyListed('p', now)}
      where post_search match ${match}
        and f.rank match ${RANK_FUNCTION}
        and f.rowid >= coalesce((
          select rowid from post_search where post_search match ${match}
          order by rowid desc limit 1 offset ${RANKED_MATCHES_MAX - 1}
        ), 0)
      order by f.rank, f.rowid desc
      limit ${limit} offset ${offset}`.execute(this.db);
    return result.rows.map((row) => row.post_id);
  }

  async suggestTitles(prefixes: string[], limit: number): Promise<TitleSuggestion[]> {
    // Each prefix quoted (letters and digits only) and starred: a word starting with it.
    const match = prefixes.map((prefix) => `"${prefix}"*`).join(' AND ');
    const result = await sql<TitleRow>`
      select p.id, p.title, p.author_id, u.username, u.handle
      from (
        select s.post_id, f.rowid as search_id
        from post_title_words f join post_search_ids s on s.search_id = f.rowid
        join posts public_post on public_post.id = s.post_id and ${publiclyListed('public_post')}
        where post_title_words match ${match}
        order by f.rowid desc
        limit ${limit}
      ) hit
      join posts p on p.id = hit.post_id
      join users u on u.id = p.author_id
      order by hit.search_id desc`.execute(this.db);
    return result.rows.map((row) => ({
      id: row.id,
      title: row.title,
      author: { id: row.author_id, username: row.username, handle: row.handle },
    }));
  }

  async suggestAuthors(prefix: string, limit: number): Promise<Author[]> {
    const from = asciiLower(prefix);
    const result = await sql<Author>`
      select id, username, handle from users
      where suspended_at is null and lower(username) >= ${from} and lower(username) < ${prefixEnd(from)}
      order by lower(username), id
      limit ${limit}`.execute(this.db);
    return result.rows;
  }
}
