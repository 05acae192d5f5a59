import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-to-html';

describe('markdownToHtml', () => {
  it('renders Markdown syntax', () => {
    const html = markdownToHtml('**bold** and _em_ and [a link](https://example.com)\n\n- one\n- two');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<a href="https://example.com">a link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('keeps the line breaks of plain text', () => {
    expect(markdownToHtml('first line\nsecond line')).toBe('<p>first line<br>second line</p>\n');
  });

  it('shows raw HTML as text, block or inline', () => {
    const block = markdownToHtml('<script>window.pwned = 1</script>');
    expect(block).not.toContain('<script');
    expect(block).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;');

    const inline = markdownToHtml('hello <img src=x onerror="window.pwned=1"> there');
    expect(inline).not.toContain('<img');
    expect(inline).toContain('&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;');
  });

  it('escapes what sits between inline script tags', () => {
    const html = markdownToHtml('a <script>if (1 < 2) x()</script> b');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('1 &lt; 2');
  });

  it('puts headings below the page heading', () => {
    expect(markdownToHtml('# Title')).toBe('<h2>Title</h2>\n');
    expect(markdownToHtml('# Title', 3)).toBe('<h4>Title</h4>\n');
    expect(markdownToHtml('###### Deep', 2)).toBe('<h6>Deep</h6>\n');
  });
});
