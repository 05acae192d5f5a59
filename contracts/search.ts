import type { Author, Post } from './posts';
import type { TagSummary } from './tags';

/** Longer queries are a 400: nobody types more, and it bounds the engine's work. */
export const SEARCH_QUERY_MAX = 1000;
export const SEARCH_QUERY_TOO_LONG_MESSAGE = `Search text must be at most ${SEARCH_QUERY_MAX.toLocaleString('en-US')} characters`;

/**
 * Ranked results page by offset (relevance has no keyset), and only this deep: past the 200th
 * result a reader is better served by more precise words, and a deep offset costs the engine as
 * much as the whole ranking. The last page's nextCursor is null. (A query matching more than
 * 500 posts is ranked among its newest 500 matches: see docs/decisions/0006.)
 */
export const SEARCH_MAX_RESULTS = 200;

/** Fewer characters than this suggest nothing (a single letter matches too much to help). */
export const SUGGEST_MIN_CHARS = 2;
export const SUGGEST_LIMIT = 5;

/**
 * One result of GET /api/search?q=: the Post, plus two HTML fragments that are safe to insert as
 * they are. `snippet` is the passage of the post that best matches (its plain text, Markdown
 * removed, whitespace collapsed, at most about 30 words, with '…' where it was cut);
 * `titleSnippet` is the whole title. In both, every character is HTML-escaped except the
 * <mark>…</mark> around each word that matches a searched word (by stem: "running" marks "runs");
 * <mark> is the only element they ever contain. A result found by its title, tags or author alone
 * has the post's opening words as its snippet, without marks.
 */
export interface SearchResult extends Post {
  snippet: string;
  titleSnippet: string;
}

/** GET /api/search/suggest?q= → {response: SearchSuggestions}: a handful of each, for typing. */
export interface SearchSuggestions {
  /** Newest posts whose title has words starting with each typed word. */
  posts: { id: string; title: string; author: Author }[];
  /** Most used tags starting with the typed text (normalized like a tag). */
  tags: TagSummary[];
  /** Writers whose name starts with the typed text. */
  authors: Author[];
}
