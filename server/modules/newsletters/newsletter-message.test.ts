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

describe('a post’s email names itself as the source of the visits it brings (decision 63)', () => {
  it('tags the links to the post’s own page with ref=newsletter, and leaves every other link alone', () => {
    const { html, text } = email(
      'See [the notes](#notes), [elsewhere](https://other.example/a?b=1) and a note[^1].\n\n[^1]: Here.',
    );
    const postPage = 'https://blog.example/readblog?id=01a223bc-370a-7c0e-af4b-5004e9e38b5e';
    expect(html).toContain(
      `href="${postPage}&amp;ref=newsletter" style="color: #1a5fb4;">Read on the web</a>`,
    );
    expect(html).toContain(`href="${postPage}&amp;ref=newsletter#notes"`);
    expect(html).toMatch(
      /href="https:\/\/blog\.example\/readblog\?id=[^"]*&amp;ref=newsletter#fn-[0-9a-f]{8}-1"/,
    );
    expect(html).toContain('href="https://other.example/a?b=1"');
    expect(text).toContain(`Read on the web: ${postPage}&ref=newsletter`);
  });
});

describe('a post’s email keeps only what a mail program shows (decision 61)', () => {
  it('reduces frames and videos to links, keeps a highlight’s text, and runs no script', () => {
    const body = postEmailBody(
      {
        postId: '01a223bc-370a-7c0e-af4b-5004e9e38b5e',
        listId: 'list',
        title: 'Mixed',
        content: 'Mixed',
        updatedAt: '2026-11-28T12:00:00.000Z',
        authorName: 'Ada',
        listName: 'Letters',
        settings: { newsletterName: null, senderName: null, replyTo: null, footer: null },
      },
      [
        '<p>A <mark class="passage" data-passage="p1">marked passage</mark> stays as text.</p>',
        '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="A talk"></iframe>',
        '<video src="/media/clip.mp4" controls></video>',
        '<script>alert(1)</script><p onclick="alert(2)">Click</p>',
      ].join('\n'),
      {
        publicUrl: 'https://blog.example',
        fromAddress: 'letters@blog.example',
        unsubscribeMailto: undefined,
      },
    );
    // Passage marks are drawn by the read page in the browser, so the email never has them.
    expect(body.html).not.toMatch(/<iframe|<video|<script|onclick|alert\(1\)|data-passage/);
    expect(body.html).toContain('marked passage</mark> stays as text.');
    expect(body.html).toMatch(
      /<a href="https:\/\/www\.youtube-nocookie\.com\/embed\/abc"[^>]*>https:\/\/www\.youtube-nocookie\.com\/embed\/abc<\/a>/,
    );
    expect(body.html).toMatch(
      /<a href="https:\/\/blog\.example\/media\/clip\.mp4"[^>]*>Watch on the web<\/a>/,
    );
  });
});
