/**
 * The search box's syntax, as PostgreSQL's websearch_to_tsquery reads it, parsed once so both
 * databases search for the same thing:
 * - words are all required (AND): `garden winter`
 * - "quoted words" must appear together, in order (a phrase); an unclosed quote runs to the end
 * - a leading minus excludes: `garden -winter`, `-"cold frame"`
 * - `or` between terms makes alternatives: `garden or allotment` (AND binds tighter than OR)
 * Everything else (operators of other engines, symbols, emoji) only separates words, so any text
 * a person can type is a valid query. A query is a list of alternatives; an alternative with
 * nothing to find (only exclusions, or no words at all) is dropped rather than matching everything.
 */

/** One word, or a phrase of several that must appear together in order. */
export interface SearchTerm {
  words: string[];
}

export interface SearchAlternative {
  include: SearchTerm[];
  exclude: SearchTerm[];
}

export interface SearchQuery {
  alternatives: SearchAlternative[];
}

/** Terms past this many are ignored: a query stays cheap for the engine however long it is. */
export const MAX_SEARCH_TERMS = 16;

// Letters and digits of any script, with the marks some scripts write letters with.
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

const SEPARATOR = /[^\p{L}\p{M}\p{N}\-.'’_@/:]+/u;

export function wordsOf(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** Control characters (NUL included) and unpaired surrogates become spaces or U+FFFD. */
export function cleanSearchText(raw: string): string {
  return (
    raw
      .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f]/g, ' ')
  );
}

interface Token {
  kind: 'term' | 'or';
  negated: boolean;
  words: string[];
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (/\s/u.test(char)) {
      index += 1;
      continue;
    }
    // A minus right before a word or a quote excludes it; anywhere else it is only punctuation.
    let negated = false;
    if (char === '-' && index + 1 < text.length && !/\s/u.test(text[index + 1] ?? ' ')) {
      negated = true;
      index += 1;
    }
    if (text[index] === '"') {
      const close = text.indexOf('"', index + 1);
      const end = close === -1 ? text.length : close;
      tokens.push({ kind: 'term', negated, words: wordsOf(text.slice(index + 1, end)) });
      index = end + 1;
      continue;
    }
    let end = index;
    while (end < text.length && !/\s/u.test(text[end] ?? ' ') && text[end] !== '"') end += 1;
    const raw = text.slice(index, end);
    index = end;
    if (!negated && raw.toLowerCase() === 'or') {
      tokens.push({ kind: 'or', negated: false, words: [] });
      continue;
    }
    // Words joined by a connector (node.js, e-mail, don't) stay together as a phrase; any other
    // symbol between them (brackets, commas, operators) makes them separate terms.
    for (const chunk of raw.split(SEPARATOR)) tokens.push({ kind: 'term', negated, words: wordsOf(chunk) });
  }
  return tokens;
}

export function parseSearchQuery(raw: string): SearchQuery {
  const alternatives: SearchAlternative[] = [];
  let current: SearchAlternative = { include: [], exclude: [] };
  let terms = 0;
  for (const token of tokenize(cleanSearchText(raw))) {
    if (token.kind === 'or') {
      alternatives.push(current);
      current = { include: [], exclude: [] };
      continue;
    }
    // "node.js" or "e-mail" are several words written together: a phrase, as PostgreSQL reads them.
    if (token.words.length === 0 || terms >= MAX_SEARCH_TERMS) continue;
    terms += 1;
    (token.negated ? current.exclude : current.include).push({ words: token.words });
  }
  alternatives.push(current);
  return { alternatives: alternatives.filter((alternative) => alternative.include.length > 0) };
}

export const isEmptyQuery = (query: SearchQuery) => query.alternatives.length === 0;

/** Every word the reader asked to find (not the excluded ones): what a snippet highlights. */
export function wantedWords(query: SearchQuery): string[] {
  return query.alternatives.flatMap((alternative) => alternative.include.flatMap((term) => term.words));
}
