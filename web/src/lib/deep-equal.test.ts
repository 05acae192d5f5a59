import { circularDeepEqual as fastEquals } from 'fast-equals';
import { describe, expect, it } from 'vitest';
import { circularDeepEqual } from './deep-equal';

/** What the toolbar's and the picture controls' selectors return (selection-toolbar.tsx, picture-controls.tsx). */
const toolbarState = () => ({
  bold: true,
  italic: false,
  code: false,
  link: 'https://example.com/',
  heading: null,
  image: { alt: 'A loom', title: '' },
  codeLanguage: null,
  widths: [1, 2, 3],
});

describe('circularDeepEqual (the stand-in for fast-equals in the browser build)', () => {
  it('agrees with fast-equals on the plain data our selectors return', () => {
    const cases: [unknown, unknown][] = [
      [null, null],
      [0, 0],
      [NaN, NaN],
      ['a', 'a'],
      ['a', 'b'],
      [null, undefined],
      [1, '1'],
      [toolbarState(), toolbarState()],
      [toolbarState(), { ...toolbarState(), bold: false }],
      [toolbarState(), { ...toolbarState(), image: { alt: 'A loom', title: 'Caption' } }],
      [toolbarState(), { ...toolbarState(), image: null }],
      [toolbarState(), { ...toolbarState(), widths: [1, 2] }],
      [{ a: 1 }, { a: 1, b: undefined }],
      [{ a: undefined }, { b: undefined }],
      [[], {}],
      [
        [1, [2, { c: 3 }]],
        [1, [2, { c: 3 }]],
      ],
      [
        [1, [2, { c: 3 }]],
        [1, [2, { c: 4 }]],
      ],
    ];
    for (const [a, b] of cases)
      expect(circularDeepEqual(a, b), JSON.stringify([a, b])).toBe(fastEquals(a, b));
  });

  it('ends on structures that refer back to themselves', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    const b: Record<string, unknown> = { name: 'a' };
    b.self = b;
    expect(circularDeepEqual(a, b)).toBe(true);
    const c: Record<string, unknown> = { name: 'c' };
    c.self = c;
    expect(circularDeepEqual(a, c)).toBe(false);
  });

  it('holds anything else equal only to itself: at worst a render too many, never a stale one', () => {
    const date = new Date(0);
    expect(circularDeepEqual(date, date)).toBe(true);
    expect(circularDeepEqual(new Date(0), new Date(0))).toBe(false);
    expect(circularDeepEqual(new Map(), new Map())).toBe(false);
  });
});
