import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countWords } from './word-count';

/** The definition the scan must keep to. */
const byPattern = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu)?.length ?? 0;

describe('countWords', () => {
  it.each([
    ['', 0],
    ['   \n\t', 0],
    ['Hello, world!', 2],
    ["It's a well-known fact: 3.14 is e.g. pi.", 8],
    ['# Title\n\n- item one\n- [link](https://example.com/a-b)', 7],
    ['end.', 1],
    ["trailing' -hyphen- ..dots..", 3],
    ['naïve café, Ærø, straße', 4],
    ['日本語 テキスト', 2],
    ['١٢٣ ٤٥', 2],
    ['𝒜𝒷𝒸 𝟙𝟚', 2],
    ['emoji 🙂 between', 2],
    ['lone \uD800 surrogate \uDC00 halves', 3],
  ])('counts %j as %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
    expect(byPattern(text)).toBe(words);
  });

  it('agrees with the pattern on any text', () => {
    const pieces = fc.constantFrom(
      'a',
      'Z',
      '9',
      'é',
      'ß',
      '日',
      '٣',
      '𝒜',
      '🙂',
      ' ',
      '\n',
      "'",
      '’',
      '.',
      '-',
      '_',
      '#',
      '*',
      '\uD800',
      '\uDC00',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        expect(countWords(text)).toBe(byPattern(text));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        expect(countWords(text)).toBe(byPattern(text));
      }),
    );
  });
});
