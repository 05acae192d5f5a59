import { describe, expect, it } from 'vitest';
import { renderMarkdown, USER_LINK_REL } from './render-markdown';

describe('renderMarkdown (server)', () => {
  it('renders Markdown: emphasis, links, lists, code, tables, task lists', () => {
    const html = renderMarkdown(
      [
        '**bold** and _em_ and [a link](https://example.com "Example")',
        '',
        '- [x] done',
        '- [ ] to do',
        '',
        '```js',
        'const a = 1 < 2;',
        '```',
        '',
        '| a | b |',
        '|:-:|---|',
        '| 1 | 2 |',
      ].join('\n'),
    );
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain(`<a href="https://example.com" title="Example" rel="${USER_LINK_REL}">a link</a>`);
    expect(html).toMatch(/<input (?=[^>]*checked)(?=[^>]*disabled)[^>]*type="checkbox"[^>]*\/?>/);
    expect(html).toContain('<code class="language-js">const a = 1 &lt; 2;');
    expect(html).toContain('<th align="center">a</th>');
  });

  it('shows raw HTML as the text the author typed', () => {
    const html = renderMarkdown('<script>window.pwned = 1</script>\n\nhi <img src=x onerror="pwned()">');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror="pwned()"&gt;');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](javascript&#58;alert(1))',
    '[x](jav&#x09;ascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](javascript:alert(1))',
  ])('drops an executable address: %s', (markdown) => {
    for (const baseUrl of [undefined, 'https://blog.example']) {
      const html = renderMarkdown(markdown, { baseUrl });
      expect(html).not.toMatch(/(javascript|vbscript|data:text)/i);
      expect(html).not.toMatch(/\b(href|src)=/);
    }
  });

  it('marks links and images as user content', () => {
    const html = renderMarkdown('[a](https://a.example) ![b](https://b.example/b.png)');
    expect(html).toContain(`rel="${USER_LINK_REL}"`);
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('referrerpolicy="no-referrer"');
  });

  it('resolves relative addresses against a base address, and only then', () => {
    const markdown = '[me](/profile?userId=1) ![pic](img/a.png) [ext](https://other.example/x)';
    const absolute = renderMarkdown(markdown, { baseUrl: 'https://blog.example/sub' });
    expect(absolute).toContain('href="https://blog.example/profile?userId=1"');
    expect(absolute).toContain('src="https://blog.example/sub/img/a.png"');
    expect(absolute).toContain('href="https://other.example/x"');
    const relative = renderMarkdown(markdown);
    expect(relative).toContain('href="/profile?userId=1"');
  });

  it('puts headings below the page heading', () => {
    expect(renderMarkdown('# Title')).toBe('<h2>Title</h2>\n');
    expect(renderMarkdown('# Title', { headingOffset: 3 })).toBe('<h4>Title</h4>\n');
  });

  it('keeps the line breaks of plain text', () => {
    expect(renderMarkdown('first line\nsecond line')).toBe('<p>first line<br />second line</p>\n');
  });
});
