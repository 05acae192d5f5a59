import { describe, expect, it } from 'vitest';
import { escapeHtmlAttribute, escapeHtmlText, jsonForScript } from './html-escape';

const HOSTILE = `"></title><script>alert('x')</script>&amp;`;

describe('HTML escaping', () => {
  it('keeps element text from opening or closing a tag', () => {
    expect(escapeHtmlText(HOSTILE)).toBe(
      `"&gt;&lt;/title&gt;&lt;script&gt;alert('x')&lt;/script&gt;&amp;amp;`,
    );
  });

  it('keeps an attribute value inside its quotes', () => {
    expect(escapeHtmlAttribute(HOSTILE)).toBe(
      '&quot;&gt;&lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;',
    );
  });

  it('writes JSON that cannot end its script block and parses back unchanged', () => {
    const value = { title: HOSTILE, lines: 'a\u2028b' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
