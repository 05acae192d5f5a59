import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadChangelog, parseChangelog } from './changelog';

describe('parseChangelog', () => {
  it('reads releases, sections and bullets as plain text', () => {
    const notes = parseChangelog(`# Changelog

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

  it('reads the project’s own CHANGELOG.md', () => {
    const notes = loadChangelog([
      '/nowhere/CHANGELOG.md',
      fileURLToPath(new URL('../../../CHANGELOG.md', import.meta.url)),
    ]);
    expect(notes.find((release) => release.version === '0.1.0')).toMatchObject({ date: '2026-11-21' });
    expect(loadChangelog(['/nowhere/CHANGELOG.md'])).toEqual([]);
  });
});
