import type { Author } from '../../../contracts/posts';
import type { SearchQuery } from './search-query';

/**
 * A query matching more posts than this is ranked among its newest this-many matches: the cost of
 * a search is then bounded whatever the words, and a common word still finds what is current.
 */
export const RANKED_MATCHES_MAX = 300;

export interface TitleSuggestion {
  id: string;
  title: string;
  author: Author;
}

/**
 * What the search service needs from a database's full-text engine. One implementation per
 * dialect (FTS5 on SQLite, tsvector and GIN on PostgreSQL); both read the same parsed query, so
 * they find the same posts.
 */
export interface SearchRepository {
  /** Ids of matching posts, most relevant first (ties newest first): `limit` after `offset`. */
  rankedPostIds(query: SearchQuery, limit: number, offset: number): Promise<string[]>;
  /** Newest posts whose title has, for each prefix, a word starting with it. */
  suggestTitles(prefixes: string[], limit: number): Promise<TitleSuggestion[]>;
  /** Users whose name starts with `prefix`, case aside. */
  suggestAuthors(prefix: string, limit: number): Promise<Author[]>;
}
