import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORE_CHARACTERS, CORE_FILE, coreFace } from './text-face';

const css = readFileSync(join(import.meta.dirname, '..', 'web', 'src', 'styles', 'text-face.css'), 'utf8');

/** Each @font-face's unicode-range as a list of [first, last] code points. */
function rangesOf(src: string): [number, number][][] {
  return [...src.matchAll(/unicode-range:([^;]+);/g)].map(([, list]) =>
    (list ?? '').split(',').map((part) => {
      const [first, last] = part.trim().replace(/^U\+/i, '').split('-');
      const start = Number.parseInt(first ?? '', 16);
      return [start, last === undefined ? start : Number.parseInt(last, 16)];
    }),
  );
}

const covers = (ranges: [number, number][], code: number) =>
  ranges.some(([first, last]) => code >= first && code <= last);

describe('the split text face (decision 80)', () => {
  it('the committed core file is what `npm run fonts` cuts today', async () => {
    expect(readFileSync(CORE_FILE).equals(await coreFace())).toBe(true);
  });

  it("the core's CSS range is the script's list, and the other face's range never overlaps it", () => {
    const [rest, core] = rangesOf(css);
    expect(core).toEqual(CORE_CHARACTERS);
    for (const [first, last] of CORE_CHARACTERS) {
      for (let code = first; code <= last; code += 1)
        expect(covers(rest ?? [], code), code.toString(16)).toBe(false);
    }
    // Latin letters beyond ASCII, and the euro sign, come from the other face.
    for (const character of 'éÉüßçœ€') expect(covers(rest ?? [], character.codePointAt(0) ?? 0)).toBe(true);
  });
});
