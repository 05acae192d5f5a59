import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadReleaseNotes, parseReleaseNotes } from './release-notes';

describe('parseReleaseNotes', () => {
  it('reads releases, sections and bullets as plain text', () => {
    const notes = parseReleaseNotes(`# Release notes

Intro.

## Unreleased

### Added

- \`TOPICS\`: follow a **topic**, see [its page](https://example.com) & <b>more</b>
- Search that
  wraps lines

### Fixed

## 1.2.0 — 2026-12-01

- A bullet without a section

## 1.1.0 - 2026-11-30
`);
    expect(notes).toEqual([
      {
        version: 'Unreleased',
        date: null,
        sections: [
          {
            title: 'Added',
            items: ['TOPICS: follow a topic, see its page & <b>more</b>', 'Search that wraps lines'],
          },
        ],
      },
      {
        version: '1.2.0',
        date: '2026-12-01',
        sections: [{ title: 'Changes', items: ['A bullet without a section'] }],
      },
    ]);
  });

  it('reads the readers’ own release notes', () => {
    const notes = loadReleaseNotes([
      '/nowhere/release-notes.md',
      fileURLToPath(new URL('../../../docs/release-notes.md', import.meta.url)),
    ]);
    expect(notes.find((release) => release.version === '0.1.0')).toMatchObject({ date: '2026-11-21' });
    expect(loadReleaseNotes(['/nowhere/release-notes.md'])).toEqual([]);
  });
});
