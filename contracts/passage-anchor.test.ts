import { describe, expect, it } from 'vitest';
import {
  anchorAt,
  collapseWithOffsets,
  locatePassage,
  normalizeQuote,
  PASSAGE_CONTEXT_LENGTH,
  type TextRange,
} from './passage-anchor';

const POST =
  'Ink dries slowly in the cold. The river was quiet that morning, and the light fell on the water. ' +
  'Later, the river was loud. A writer needs patience more than talent, and a quiet room.';

function rangeOf(text: string, words: string, occurrence = 0): TextRange {
  let start = -1;
  for (let n = 0; n <= occurrence; n += 1) start = text.indexOf(words, start + 1);
  if (start === -1) throw new Error(`"${words}" not in text`);
  return { start, end: start + words.length };
}

function found(text: string, range: TextRange | null): string | null {
  return range ? text.slice(range.start, range.end) : null;
}

describe('passage anchors', () => {
  it('keeps the quote and up to 48 characters either side', () => {
    const anchor = anchorAt(POST, rangeOf(POST, 'the light fell on the water'));
    expect(anchor.quote).toBe('the light fell on the water');
    expect(anchor.prefix).toHaveLength(PASSAGE_CONTEXT_LENGTH);
    expect(
      POST.endsWith(anchor.prefix + anchor.quote + anchor.suffix, rangeOf(POST, anchor.suffix).end),
    ).toBe(true);
  });

  it('trims a selection that took a space at either end, and takes the context from the words', () => {
    const range = rangeOf(POST, ' patience more than talent, ');
    const anchor = anchorAt(POST, range);
    expect(anchor.quote).toBe('patience more than talent,');
    expect(anchor.prefix.endsWith('A writer needs ')).toBe(true);
    expect(anchor.suffix.startsWith(' and a quiet room.')).toBe(true);
  });

  it('finds the same passage in the same text', () => {
    const anchor = anchorAt(POST, rangeOf(POST, 'The river was quiet'));
    expect(locatePassage(POST, anchor)).toEqual(rangeOf(POST, 'The river was quiet'));
  });

  it('tells repeated words apart by what surrounds them', () => {
    const second = rangeOf(POST, 'the river was', 0);
    const anchor = anchorAt(POST, second);
    expect(locatePassage(POST, anchor)).toEqual(second);
    const other = anchorAt(POST, rangeOf(POST.toLowerCase(), 'the river was', 0));
    expect(other.quote).toBe('The river was');
  });

  it('follows a passage that moved when text was added before it', () => {
    const anchor = anchorAt(POST, rangeOf(POST, 'A writer needs patience'));
    const edited = 'A new opening paragraph about winter. ' + POST;
    expect(found(edited, locatePassage(edited, anchor))).toBe('A writer needs patience');
  });

  it('finds a passage that was changed a little', () => {
    const anchor = anchorAt(POST, rangeOf(POST, 'the light fell on the water'));
    const edited = POST.replace('the light fell on the water', 'the light fell upon the water');
    expect(found(edited, locatePassage(edited, anchor))).toBe('the light fell upon the water');
  });

  it('says a passage is gone when it was rewritten or removed', () => {
    const anchor = anchorAt(POST, rangeOf(POST, 'A writer needs patience more than talent'));
    const rewritten = POST.replace(
      'A writer needs patience more than talent',
      'Nobody can teach you to write well',
    );
    expect(locatePassage(rewritten, anchor)).toBeNull();
    expect(locatePassage('Something else entirely.', anchor)).toBeNull();
  });

  it('finds short quotes only exactly: a fuzzy short word would match anywhere', () => {
    expect(locatePassage(POST, { quote: 'ink', prefix: '', suffix: '' })).toBeNull();
    expect(found(POST, locatePassage(POST, { quote: 'Ink', prefix: '', suffix: '' }))).toBe('Ink');
  });

  it('collapses white space as quotes are, and maps back to the raw text', () => {
    const raw = 'First  paragraph.\n\n  Second\tone.';
    const { text, offsets } = collapseWithOffsets(raw);
    expect(text).toBe('First paragraph. Second one.');
    const range = locatePassage(text, {
      quote: normalizeQuote('paragraph.\n Second'),
      prefix: '',
      suffix: '',
    });
    expect(range).not.toBeNull();
    if (!range) return;
    expect(raw.slice(offsets[range.start], (offsets[range.end - 1] ?? 0) + 1)).toBe('paragraph.\n\n  Second');
  });
});
