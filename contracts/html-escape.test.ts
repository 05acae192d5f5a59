import { describe, expect, it } from 'vitest';
import { jsonForScript } from './html-escape';

const HOSTILE = `"></title><script>alert('x')</script>&amp;`;

describe('JSON for a script block', () => {
  it('writes JSON that cannot end its script block and parses back unchanged', () => {
    const value = { title: HOSTILE, lines: 'a\u2028b' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
