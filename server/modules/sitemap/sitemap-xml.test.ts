import { describe, expect, it } from 'vitest';
import { escapeXml, writeSitemapIndex, writeUrlSet } from './sitemap-xml';

describe('sitemap XML', () => {
  it('escapes the five XML specials, and leaves everything else as it is', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(escapeXml('https://blog.example/readblog?id=1')).toBe('https://blog.example/readblog?id=1');
  });

  it('writes a urlset with optional lastmod', () => {
    expect(
      writeUrlSet([
        { loc: 'https://b.example/a?x=1&y=2', lastmod: '2026-11-21T10:00:00.000Z' },
        { loc: 'https://b.example/' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url><loc>https://b.example/a?x=1&amp;y=2</loc><lastmod>2026-11-21T10:00:00.000Z</lastmod></url>\n' +
        '<url><loc>https://b.example/</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('writes a sitemap index', () => {
    expect(writeSitemapIndex(['https://b.example/s.xml?after=1&until=2'])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<sitemap><loc>https://b.example/s.xml?after=1&amp;until=2</loc></sitemap>\n' +
        '</sitemapindex>\n',
    );
  });
});
