import { describe, expect, it } from 'vitest';
import { RELEASE_LINE_MAX_CHARS, releaseLineSummary } from './discover-view';

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
