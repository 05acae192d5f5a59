import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from '../posts/markdown/markdown-renderer';
import { postEmailBody } from './newsletter-message';

const CONTENT = [
  'Prices[^1]:',
  '',
  '| Item | Price |',
  '| --- | ---: |',
  '| Tea | 3 |',
  '',
  '> [!WARNING]',
  '> The shop shuts at noon.',
  '',
  '[^1]: On a Monday.',
].join('\n');

function email(content: string) {
  const html = new MarkdownRenderer().render(content, 1).html;
  return postEmailBody(
    {
      postId: '01a223bc-370a-7c0e-af4b-5004e9e38b5e',
      listId: 'list',
      title: 'Blocks',
      content,
      updatedAt: '2026-11-28T12:00:00.000Z',
      authorName: 'Ada',
      listName: 'Letters',
      settings: { newsletterName: null, senderName: null, replyTo: null, footer: null },
    },
    html,
    { publicUrl: 'https://blog.example', fromAddress: 'letters@blog.example', unsubscribeMailto: undefined },
  );
}

describe('a post’s email (decision 69)', () => {
  it('draws a table with lines and its columns’ alignment, inline styles only', () => {
    const { html } = email(CONTENT);
    expect(html).toMatch(/<table style="[^"]*border-collapse: collapse/);
    expect(html).toMatch(/<th style="[^"]*border: 1px solid #cccccc[^"]*"[^>]*>Item<\/th>/);
    expect(html).toMatch(/<td align="right" style="[^"]*"[^>]*>3<\/td>/);
    expect(html).not.toContain('<style');
  });

  it('draws a callout with its coloured edge and its kind, and the footnotes with a link back to the post', () => {
    const { html } = email(CONTENT);
    expect(html).toMatch(/<aside class="callout callout--warning" style="[^"]*border-left-color: #c77700/);
    expect(html).toMatch(/<p class="callout__title" style="[^"]*font-weight: bold[^"]*">Warning<\/p>/);
    // No role, label or id reaches the email: its sanitizer keeps fewer attributes than the page's.
    expect(html).not.toMatch(/role=|aria-|id="/);
    expect(html).toMatch(/href="https:\/\/blog\.example\/readblog\?id=[^"]*#fn-[0-9a-f]{8}-1"/);
  });
});

describe('a post’s email (decision 82)', () => {
  it('shows a wide picture and a gallery as plain pictures, one under the other', () => {
    const { html } = email(
      '![wide](/media/a/1600.webp){width=wide}\n\n![one](/media/b/1600.webp) ![two](/media/c/1600.webp)',
    );
    expect(html).not.toMatch(/<figure|gallery|picture--|role=|aria-/);
    expect(html).toMatch(
      /<p[^>]*><img src="https:\/\/blog\.example\/media\/a\/1600\.webp" alt="wide" width="\d+"[^>]*><\/p>/,
    );
    expect(html).toMatch(/<p[^>]*><img[^>]*alt="one"[^>]*><img[^>]*alt="two"[^>]*><\/p>/);
  });
});
