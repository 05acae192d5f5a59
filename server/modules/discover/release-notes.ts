import { readFileSync } from 'node:fs';
import type MarkdownIt from 'markdown-it';
import type { ReleaseNotes } from '../../../contracts/discover';
import { createMarkdownIt } from '../../../contracts/markdown-dialect';

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * The readers' release notes, docs/release-notes.md, for the side panel: each level-2 heading a
 * release ("Unreleased", or "0.1.0 — 2026-11-21"), each level-3 heading a section, each bullet a
 * line. Read with the project's Markdown parser (contracts/markdown-dialect.ts), once at start-up.
 * They are written for readers; CHANGELOG.md, written for operators and developers (commands,
 * settings, figures), is never shown to them.
 */
function plainText(inline: Token): string {
  return (inline.children ?? [])
    .map((child) => {
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      return child.type === 'text' || child.type === 'code_inline' ? child.content : '';
    })
    .join('');
}

const RELEASE_HEADING = /^(.+?)\s+[—–-]+\s+(\d{4}-\d{2}-\d{2})$/;

export function parseReleaseNotes(markdown: string): ReleaseNotes[] {
  const releases: ReleaseNotes[] = [];
  let release: ReleaseNotes | undefined;
  let section: ReleaseNotes['sections'][number] | undefined;
  const tokens = createMarkdownIt().parse(markdown, {});
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'heading_open') {
      const text = plainText(tokens[index + 1]!).trim();
      if (token.tag === 'h2') {
        const dated = RELEASE_HEADING.exec(text);
        release = { version: dated?.[1] ?? text, date: dated?.[2] ?? null, sections: [] };
        releases.push(release);
        section = undefined;
      } else if (token.tag === 'h3' && release) {
        section = { title: text, items: [] };
        release.sections.push(section);
      }
    } else if (token.type === 'list_item_open' && token.level === 1 && release) {
      // A bullet of a top-level list: its text, nested lists included, as one line.
      const parts: string[] = [];
      for (index += 1; tokens[index] && tokens[index]!.level > token.level; index += 1) {
        if (tokens[index]!.type === 'inline') parts.push(plainText(tokens[index]!));
      }
      const line = parts.join(' ').replace(/\s+/g, ' ').trim();
      if (!section) {
        section = { title: 'Changes', items: [] };
        release.sections.push(section);
      }
      if (line !== '') section.items.push(line);
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
