import { readFileSync } from 'node:fs';
import { Lexer, type Token, type Tokens } from 'marked';
import type { ReleaseNotes } from '../../../contracts/discover';

/**
 * The readers' release notes, docs/release-notes.md, for the side panel: each level-2 heading a
 * release ("Unreleased", or "0.1.0 — 2026-11-21"), each level-3 heading a section, each bullet a
 * line. Read with marked's lexer (already the project's Markdown parser), once at start-up. They are
 * written for readers; CHANGELOG.md, written for operators and developers (commands, settings,
 * figures), is never shown to them.
 */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) {
        return plainText(token.tokens);
      }
      return 'text' in token && typeof token.text === 'string' ? token.text : '';
    })
    .join('');
}

const RELEASE_HEADING = /^(.+?)\s+[—–-]+\s+(\d{4}-\d{2}-\d{2})$/;

export function parseReleaseNotes(markdown: string): ReleaseNotes[] {
  const releases: ReleaseNotes[] = [];
  let release: ReleaseNotes | undefined;
  let section: ReleaseNotes['sections'][number] | undefined;
  for (const token of new Lexer().lex(markdown)) {
    if (token.type === 'heading') {
      const heading = token as Tokens.Heading;
      const text = plainText(heading.tokens).trim();
      if (heading.depth === 2) {
        const dated = RELEASE_HEADING.exec(text);
        release = { version: dated?.[1] ?? text, date: dated?.[2] ?? null, sections: [] };
        releases.push(release);
        section = undefined;
      } else if (heading.depth === 3 && release) {
        section = { title: text, items: [] };
        release.sections.push(section);
      }
    } else if (token.type === 'list' && release) {
      if (!section) {
        section = { title: 'Changes', items: [] };
        release.sections.push(section);
      }
      for (const item of (token as Tokens.List).items) {
        const line = plainText(item.tokens).replace(/\s+/g, ' ').trim();
        if (line !== '') section.items.push(line);
      }
    }
  }
  // A release or section without lines says nothing: left out rather than shown empty.
  return releases
    .map((notes) => ({ ...notes, sections: notes.sections.filter((part) => part.items.length > 0) }))
    .filter((notes) => notes.sections.length > 0);
}

/** The first of `files` that can be read, parsed; [] when none can (the section then hides). */
export function loadReleaseNotes(files: readonly string[]): ReleaseNotes[] {
  for (const file of files) {
    try {
      return parseReleaseNotes(readFileSync(file, 'utf8'));
    } catch {
      // Not there: try the next place.
    }
  }
  return [];
}
