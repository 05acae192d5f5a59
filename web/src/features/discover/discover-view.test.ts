import { describe, expect, it } from 'vitest';
import { RELEASE_LINE_MAX_CHARS, releaseLabel, releaseLineSummary } from './discover-view';

describe('a release note in the side panel', () => {
  it('is its first sentence', () => {
    expect(
      releaseLineSummary(
        'Backups now include uploaded pictures kept on disk. `npm run backup` copies them beside the database.',
      ),
    ).toBe('Backups now include uploaded pictures kept on disk.');
    expect(releaseLineSummary('Fixed the sign-in form.')).toBe('Fixed the sign-in form.');
    // A full stop inside a figure or a name does not end the sentence.
    expect(releaseLineSummary('The page is 246.1 KB on example.com now. It was more.')).toBe(
      'The page is 246.1 KB on example.com now.',
    );
  });

  it('is cut at a word, with an ellipsis, when its first sentence is long', () => {
    const long = `${'word '.repeat(60)}end.`;
    const summary = releaseLineSummary(long);
    expect(summary.length).toBeLessThanOrEqual(RELEASE_LINE_MAX_CHARS + 1);
    expect(summary).toMatch(/^word( word)*…$/);
  });
});

describe('a release in the side panel', () => {
  const released = { version: '0.1.0', date: '2026-11-21', sections: [] };
  const unreleased = { version: 'Unreleased', date: null, sections: [] };

  it('names its version and date as dates are shown everywhere', () => {
    expect(releaseLabel(released, [])).toBe('0.1.0, Nov 21, 2026');
  });

  it('calls notes not yet released new since the last release: they already run here', () => {
    expect(releaseLabel(unreleased, [released])).toBe('New since 0.1.0');
    expect(releaseLabel(unreleased, [])).toBe('New on Inkwell');
  });
});
