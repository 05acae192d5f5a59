import { describe, expect, it } from 'vitest';
import { htmlToText } from './html-text';
import { MarkdownRenderer } from './markdown-renderer';

const renderer = new MarkdownRenderer();
/** A post's body as the read page shows it (under its h1 title). */
const postText = (markdown: string) => htmlToText(renderer.render(markdown, 1).html);

describe('htmlToText', () => {
  it('decodes entities as an HTML parser does, named, numeric and legacy ones without a semicolon', () => {
    expect(
      htmlToText('<p>Tom &amp; Jerry &lt;3 &quot;hi&quot; &#39;x&#x27; &copy 2026&nbsp;&hellip;</p>'),
    ).toBe('Tom & Jerry <3 "hi" \'x\' © 2026 …');
    // A decoded `<` is text, never the start of a tag.
    expect(htmlToText('<p>&lt;b&gt;bold&lt;/b&gt;</p>')).toBe('<b>bold</b>');
  });

  it('keeps the text of nested tags and drops the tags, their attributes and void elements', () => {
    expect(
      htmlToText(
        '<p>Second <em>para <strong>nested</strong></em> <a href="/x?a=1&amp;b=2" title="t&gt;t">link</a>' +
          '<img src="https://example.com/a.png" alt="alt words" /></p>',
      ),
    ).toBe('Second para nested link');
  });

  it('reads highlighted code as its code, whatever spans the highlighter put in', () => {
    const markdown = '```ts\nconst a = "x" < 2; // note\n```';
    expect(renderer.render(markdown, 1).html).toContain('<span class="hljs-keyword">');
    expect(postText(markdown)).toBe('const a = "x" < 2; // note ');
  });

  it('joins paragraphs, headings, lists and tables with the white space between them, collapsed', () => {
    expect(postText('# Title\n\nFirst   paragraph.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toBe(
      'Title First paragraph. one two a b 1 2 ',
    );
  });

  it('adds nothing for a line break, as textContent does', () => {
    expect(postText('first line\nsecond line')).toBe('first linesecond line ');
  });

  it("shows the author's raw HTML as the text they typed", () => {
    expect(postText('Hello <img src=x onerror="alert(1)"> & <b>you</b>')).toBe(
      'Hello <img src=x onerror="alert(1)"> & <b>you</b> ',
    );
  });
});
