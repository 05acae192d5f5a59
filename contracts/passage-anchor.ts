import search from 'approx-string-match';

/**
 * In-line comments name the passage they are about by its words, not by a position:
 * the quote itself and a little of the text around it. Both the server (is the passage still in
 * the post?) and the browser (where is it on the page?) find it again with `locatePassage`, in the
 * text a reader sees with its white space collapsed, so an edit elsewhere in the post, a passage
 * that moved, or one changed a little still finds its comments. Free of Zod: the read page uses it.
 */

/** The longest quote a comment may carry (a paragraph or two). */
export const PASSAGE_QUOTE_MAX = 1_000;
/** How much text before and after the quote is kept to tell repeated words apart. */
export const PASSAGE_CONTEXT_LENGTH = 48;
/** A passage changed by at most this share of its characters is still the same passage. */
const MAX_ERROR_SHARE = 0.25;
/** Quotes shorter than this are found exactly or not at all: a fuzzy "a" matches everywhere. */
const FUZZY_MIN_LENGTH = 8;
/** Enough occurrences of a repeated quote to choose among by their context. */
const MAX_CANDIDATES = 1_000;

export interface PassageAnchor {
  /** The passage, white space collapsed. */
  quote: string;
  /** Up to PASSAGE_CONTEXT_LENGTH characters before it, white space collapsed. */
  prefix: string;
  /** Up to PASSAGE_CONTEXT_LENGTH characters after it, white space collapsed. */
  suffix: string;
}

/** A range of the white-space-collapsed text: `start` inclusive, `end` exclusive. */
export interface TextRange {
  start: number;
  end: number;
}

/** Runs of white space become one space; nothing is trimmed (context keeps its edges). */
export function collapseSpace(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** A quote as stored and compared: white space collapsed and trimmed. */
export function normalizeQuote(text: string): string {
  return collapseSpace(text).trim();
}

/**
 * The collapsed form of `raw`, with where each of its characters came from in `raw`: the browser
 * maps a found range back to the text nodes on the page with it.
 */
export function collapseWithOffsets(raw: string): { text: string; offsets: number[] } {
  let text = '';
  const offsets: number[] = [];
  let inSpace = false;
  for (let index = 0; index < raw.length; index += 1) {
    const char = raw.charAt(index);
    if (/\s/.test(char)) {
      if (inSpace) continue;
      inSpace = true;
      text += ' ';
    } else {
      inSpace = false;
      text += char;
    }
    offsets.push(index);
  }
  return { text, offsets };
}

/** The anchor of `range` in a collapsed text: its words and a little of what surrounds them. */
export function anchorAt(text: string, range: TextRange): PassageAnchor {
  const quote = text.slice(range.start, range.end);
  // Trimming the quote moves its edges; the context is taken from where the words really are.
  const lead = quote.length - quote.trimStart().length;
  const trail = quote.length - quote.trimEnd().length;
  const start = range.start + lead;
  const end = Math.max(start, range.end - trail);
  return {
    quote: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - PASSAGE_CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + PASSAGE_CONTEXT_LENGTH),
  };
}

function commonSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charAt(a.length - 1 - n) === b.charAt(b.length - 1 - n)) n += 1;
  return n;
}

function commonPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a.charAt(n) === b.charAt(n)) n += 1;
  return n;
}

/** 0…1: how much of the remembered context still surrounds a candidate. */
function contextScore(text: string, anchor: PassageAnchor, range: TextRange): number {
  const before = text.slice(Math.max(0, range.start - anchor.prefix.length), range.start);
  const after = text.slice(range.end, range.end + anchor.suffix.length);
  const prefixShare = anchor.prefix ? commonSuffixLength(before, anchor.prefix) / anchor.prefix.length : 1;
  const suffixShare = anchor.suffix ? commonPrefixLength(after, anchor.suffix) / anchor.suffix.length : 1;
  return (prefixShare + suffixShare) / 2;
}

/**
 * Where the passage is now in `text` (collapsed as above), or null when it is gone: the comment is
 * then "on an earlier version". The exact words win, the occurrence with the most of its context
 * first; failing that, the closest passage within a quarter of its characters changed.
 */
export function locatePassage(text: string, anchor: PassageAnchor): TextRange | null {
  const quote = anchor.quote;
  if (quote.length === 0) return null;

  let best: { range: TextRange; score: number } | null = null;
  let from = text.indexOf(quote);
  for (let count = 0; from !== -1 && count < MAX_CANDIDATES; count += 1) {
    const range = { start: from, end: from + quote.length };
    const score = contextScore(text, anchor, range);
    if (!best || score > best.score) best = { range, score };
    from = text.indexOf(quote, from + 1);
  }
  if (best) return best.range;

  if (quote.length < FUZZY_MIN_LENGTH) return null;
  const maxErrors = Math.floor(quote.length * MAX_ERROR_SHARE);
  for (const match of search(text, quote, maxErrors)) {
    const range = { start: match.start, end: match.end };
    // Closeness of the words counts most; the context breaks ties between near-equal candidates.
    const score = 2 * (1 - match.errors / quote.length) + contextScore(text, anchor, range);
    if (!best || score > best.score) best = { range, score };
  }
  return best?.range ?? null;
}
