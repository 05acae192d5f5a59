import type { SearchQuery, SearchTerm } from './search-query';

/**
 * A parsed query as an SQLite FTS5 MATCH expression. Every term is a double-quoted string (a
 * phrase of one or more words), and the words inside are only letters, digits and marks, so no
 * user input ever reaches FTS5's own syntax: operators, column filters, prefixes, NEAR and the
 * like cannot be written. Structure is explicit: (a AND b) NOT (c OR d), alternatives ORed.
 */
const phrase = (term: SearchTerm) => `"${term.words.join(' ')}"`;

export function toFts5Match(query: SearchQuery): string {
  return query.alternatives
    .map((alternative) => {
      const wanted = `(${alternative.include.map(phrase).join(' AND ')})`;
      if (alternative.exclude.length === 0) return wanted;
      return `${wanted} NOT (${alternative.exclude.map(phrase).join(' OR ')})`;
    })
    .map((expression) => `(${expression})`)
    .join(' OR ');
}
