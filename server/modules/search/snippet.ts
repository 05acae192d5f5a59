import escapeHtml from 'escape-html';
import { stemmer } from 'stemmer';
import { markdownToPlainText } from '../../../contracts/plain-text';

/**
 * Search snippets: the passage of a post that best matches the query, as HTML that is safe to
 * insert. Format (documented in contracts/search.ts): the post's plain text (Markdown removed,
 * whitespace collapsed), HTML-escaped, with each word that matches a searched word wrapped in
 * <mark>…</mark>, and '…' where the passage was cut. <mark> is the only markup it ever contains.
 *
 * Words match when they fold to the same stem (case and accents ignored, English stemming), so
 * "running" highlights "runs" as the search engines matched it. Built here rather than by each
 * database (FTS5 snippet(), ts_headline) so both give the same passage in the same format, from
 * the text a reader sees rather than from raw Markdown.
 */
export const SNIPPET_WORDS = 30;
/** Words of context kept before the first match of the passage. */
const LEAD_IN_WORDS = 4;

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

/**
 * Only this much of a post's Markdown is looked through for the passage: a page of results stays
 * cheap however long the posts, and a match past it falls back to the opening words.
 */
const SCANNED_CHARS = 20_000;

interface Word {
  start: number;
  end: number;
  /** The word's stem when it may match a searched word, '' when it cannot. */
  key: string;
}

/** Stems are memoized: a page of results repeats the same few thousand words. */
const STEM_CACHE_MAX = 50_000;
const stems = new Map<string, string>();

function keyOf(word: string): string {
  let key = stems.get(word);
  if (key === undefined) {
    key = stemmer(word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
    if (stems.size >= STEM_CACHE_MAX) stems.clear();
    stems.set(word, key);
  }
  return key;
}

/** What every searched word's stem starts with (stems keep a word's first two letters). */
export interface SearchKeys {
  stems: Set<string>;
  heads: Set<string>;
}

const headOf = (folded: string) => folded.slice(0, 2);

function wordsIn(text: string, keys: SearchKeys): Word[] {
  return [...text.matchAll(WORD)].map((match) => {
    const word = match[0];
    // Most words cannot match: skip stemming them unless their first letters agree.
    const mayMatch = keys.heads.has(headOf(word.toLowerCase())) || /[^\p{ASCII}]/u.test(word.slice(0, 2));
    return { start: match.index, end: match.index + word.length, key: mayMatch ? keyOf(word) : '' };
  });
}

const escapeText = (text: string) => escapeHtml(text.replace(/\s+/g, ' '));

/** text[from, to) with matching words marked; everything else escaped. */
function markRange(text: string, words: Word[], keys: SearchKeys, from: number, to: number): string {
  let html = '';
  let cursor = from;
  for (const word of words) {
    if (word.start < from || word.end > to || !keys.stems.has(word.key)) continue;
    html += `${escapeText(text.slice(cursor, word.start))}<mark>${escapeText(text.slice(word.start, word.end))}</mark>`;
    cursor = word.end;
  }
  return html + escapeText(text.slice(cursor, to));
}

export function searchKeys(wantedWords: readonly string[]): SearchKeys {
  const stems = new Set(wantedWords.map(keyOf));
  return { stems, heads: new Set([...stems].map(headOf)) };
}

/** The whole text (a title) with its matching words marked. */
export function highlightAll(text: string, keys: SearchKeys): string {
  return markRange(text, wordsIn(text, keys), keys, 0, text.length);
}

/** The best passage of a post's Markdown: the window of SNIPPET_WORDS with the most matches. */
export function buildSnippet(markdown: string, keys: SearchKeys): string {
  const text = markdownToPlainText(markdown.slice(0, SCANNED_CHARS));
  const words = wordsIn(text, keys);
  if (words.length === 0) return escapeText(text.slice(0, 200));

  const hits = words.map((word) => keys.stems.has(word.key));
  let bestStart = 0;
  let bestScore = -1;
  const seen = new Set<string>();
  for (let index = 0; index < words.length; index += 1) {
    if (!hits[index]) continue;
    // From the opening words when the match fits there; never a short last window.
    const start =
      index < SNIPPET_WORDS - LEAD_IN_WORDS
        ? 0
        : Math.min(index - LEAD_IN_WORDS, Math.max(0, words.length - SNIPPET_WORDS));
    if (start <= bestStart && bestScore >= 0) continue;
    seen.clear();
    let count = 0;
    for (let at = start; at < Math.min(words.length, start + SNIPPET_WORDS); at += 1) {
      if (!hits[at]) continue;
      count += 1;
      seen.add(words[at]?.key ?? '');
    }
    // Distinct searched words first, then how many times they appear.
    const score = seen.size * 1000 + count;
    if (score > bestScore) {
      bestScore = score;
      bestStart = start;
    }
  }

  const endIndex = Math.min(words.length, bestStart + SNIPPET_WORDS);
  const from = bestStart === 0 ? 0 : (words[bestStart]?.start ?? 0);
  const last = words[endIndex - 1];
  const to = endIndex === words.length || !last ? text.length : last.end;
  const html = markRange(text, words, keys, from, to).trim();
  return `${from > 0 ? '…' : ''}${html}${to < text.length ? '…' : ''}`;
}
