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

interface Word {
  start: number;
  end: number;
  key: string;
}

function keyOf(word: string): string {
  return stemmer(word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
}

function wordsIn(text: string): Word[] {
  return [...text.matchAll(WORD)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    key: keyOf(match[0]),
  }));
}

const escapeText = (text: string) => escapeHtml(text.replace(/\s+/g, ' '));

/** text[from, to) with matching words marked; everything else escaped. */
function markRange(text: string, words: Word[], keys: Set<string>, from: number, to: number): string {
  let html = '';
  let cursor = from;
  for (const word of words) {
    if (word.start < from || word.end > to || !keys.has(word.key)) continue;
    html += `${escapeText(text.slice(cursor, word.start))}<mark>${escapeText(text.slice(word.start, word.end))}</mark>`;
    cursor = word.end;
  }
  return html + escapeText(text.slice(cursor, to));
}

export function searchKeys(wantedWords: readonly string[]): Set<string> {
  return new Set(wantedWords.map(keyOf));
}

/** The whole text (a title) with its matching words marked. */
export function highlightAll(text: string, keys: Set<string>): string {
  return markRange(text, wordsIn(text), keys, 0, text.length);
}

/** The best passage of a post's Markdown: the window of SNIPPET_WORDS with the most matches. */
export function buildSnippet(markdown: string, keys: Set<string>): string {
  const text = markdownToPlainText(markdown);
  const words = wordsIn(text);
  if (words.length === 0) return escapeText(text.slice(0, 200));

  let bestStart = 0;
  let bestScore = -1;
  words.forEach((word, index) => {
    if (!keys.has(word.key)) return;
    // From the opening words when the match fits there; never a short last window.
    const start =
      index < SNIPPET_WORDS - LEAD_IN_WORDS
        ? 0
        : Math.min(index - LEAD_IN_WORDS, Math.max(0, words.length - SNIPPET_WORDS));
    const window = words.slice(start, start + SNIPPET_WORDS).filter((candidate) => keys.has(candidate.key));
    // Distinct searched words first, then how many times they appear.
    const score = new Set(window.map((candidate) => candidate.key)).size * 1000 + window.length;
    if (score > bestScore) {
      bestScore = score;
      bestStart = start;
    }
  });

  const endIndex = Math.min(words.length, bestStart + SNIPPET_WORDS);
  const from = bestStart === 0 ? 0 : (words[bestStart]?.start ?? 0);
  const last = words[endIndex - 1];
  const to = endIndex === words.length || !last ? text.length : last.end;
  const html = markRange(text, words, keys, from, to).trim();
  return `${from > 0 ? '…' : ''}${html}${to < text.length ? '…' : ''}`;
}
