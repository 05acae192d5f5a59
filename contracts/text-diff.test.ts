import { describe, expect, it } from 'vitest';
import { diffWords, wordChange } from './text-diff';

/** The length of a longest common subsequence, by the textbook table: what a shortest edit keeps. */
function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const token of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j += 1) {
      const above = row[j]!;
      row[j] = token === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = above;
    }
  }
  return row[b.length]!;
}

const sides = (before: string, after: string) => {
  const parts = diffWords(before, after);
  const text = (kinds: string[]) =>
    parts
      .filter((part) => kinds.includes(part.kind))
      .map((part) => part.text)
      .join('');
  return { parts, old: text(['same', 'removed']), new: text(['same', 'added']), same: text(['same']) };
};

describe('diffWords', () => {
  it('marks a changed word in the middle and keeps the rest', () => {
    expect(diffWords('The quick brown fox.', 'The slow brown fox.')).toEqual([
      { kind: 'same', text: 'The ' },
      { kind: 'removed', text: 'quick' },
      { kind: 'added', text: 'slow' },
      { kind: 'same', text: ' brown fox.' },
    ]);
    expect(wordChange('The quick brown fox.', 'The slow brown fox, jumping.')).toEqual({
      added: 2,
      removed: 1,
    });
  });

  it('rebuilds both sides of words and spaces', () => {
    const before = 'One  two,\nthree four-five it’s 3.14 done';
    const after = 'One two;\n\nthree five it’s 3.15 done!';
    const result = sides(before, after);
    expect([result.old, result.new]).toEqual([before, after]);
  });

  it('rebuilds both sides and keeps a longest common run, on many random texts', () => {
    // Punctuation only: each character is one token, so the shared parts can be counted again.
    const words = ['.', ',', ';', '!', '?', '('];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const text = () =>
      Array.from(
        { length: Math.floor(random() * 30) },
        () => words[Math.floor(random() * words.length)],
      ).join('');
    for (let round = 0; round < 300; round += 1) {
      const before = text();
      const after = text();
      const result = sides(before, after);
      expect(result.old).toBe(before);
      expect(result.new).toBe(after);
      expect(result.same.length).toBe(lcsLength([...before], [...after]));
    }
  });

  it('answers whole texts with nothing in common quickly, as removed then added', () => {
    const before = Array.from({ length: 20_000 }, (_, i) => `w${i}`).join(' ');
    const after = Array.from({ length: 20_000 }, (_, i) => `x${i}`).join(' ');
    const change = wordChange(before, after);
    expect(change).toEqual({ added: 20_000, removed: 20_000 });
    expect(wordChange('', 'One two three')).toEqual({ added: 3, removed: 0 });
  });
});
