import { describe, expect, it } from 'vitest';
import { buildDocumentHead } from './document-head';
import { serializeHead } from './serialize-head';

const site = { name: 'Inkwell', publicUrl: 'https://blog.example' };
const HOSTILE = `"><script>alert(1)</script>`;

describe('the head of a page', () => {
  it('names the site in the title, and describes the site when the page does not', () => {
    const head = buildDocumentHead({}, site);
    expect(head.title).toBe('Inkwell');
    expect(serializeHead(head)).toContain(
      '<meta name="description" content="Inkwell: a quiet place to read, write and deepen your understanding." data-page-head>',
    );
  });

  it("links the site's feeds on every page and the page's own feeds after them", () => {
    const html = serializeHead(
      buildDocumentHead(
        { title: 'Ada', feeds: [{ title: 'Ada on Inkwell', scope: { userId: 'u1' } }] },
        site,
      ),
    );
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Inkwell (RSS)" href="https://blog.example/rss.xml" data-page-head>',
    );
    expect(html).toContain('href="https://blog.example/atom.xml?userId=u1"');
  });

  it('escapes every value for where it lands', () => {
    const html = serializeHead(
      buildDocumentHead(
        {
          title: HOSTILE,
          description: HOSTILE,
          canonicalPath: `/readblog?id=${HOSTILE}`,
          jsonLd: { name: HOSTILE },
        },
        site,
      ),
    );
    expect(html.match(/<script/g)).toHaveLength(1); // the JSON-LD block alone
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Inkwell</title>');
    expect(html).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    const jsonLd = /<script type="application\/ld\+json" data-page-head>(.*)<\/script>/.exec(html)?.[1] ?? '';
    expect(jsonLd).not.toMatch(/[<>]/);
    expect(JSON.parse(jsonLd)).toEqual({ name: HOSTILE });
  });

  it('keeps pages that only make sense to their reader out of search', () => {
    expect(serializeHead(buildDocumentHead({ noindex: true }, site))).toContain(
      '<meta name="robots" content="noindex" data-page-head>',
    );
  });
});
