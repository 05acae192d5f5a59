import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonForScript } from '../../contracts/html-escape';
import { HtmlDocument } from './html-document';
import { SESSION_HINT_SCRIPT } from './session-hint';

const template = readFileSync(new URL('../../web/index.html', import.meta.url), 'utf8');

describe('HtmlDocument', () => {
  it('puts each part in its place in the template', () => {
    const html = new HtmlDocument(template).render({
      head: '<title>Page</title>',
      assets: '<link rel="stylesheet" href="/assets/page.css">',
      html: '<main>content</main>',
      hydration: jsonForScript({ title: '</script><script>alert(1)</script>' }),
    });
    expect(html).toContain(`<script>${SESSION_HINT_SCRIPT}</script>`);
    expect(html).toContain('<title>Page</title>');
    expect(html).not.toContain('<title>Inkwell</title>');
    // Page stylesheets come after the app's own (Vite puts those at the end of <head>).
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/page.css">\s*<\/head>/);
    expect(html).toContain('<div id="root"><main>content</main></div>');
    const data = /<script type="application\/json" id="app-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(data).not.toContain('<');
    expect(JSON.parse(data)).toEqual({ title: '</script><script>alert(1)</script>' });
  });

  it('leaves the data block out for a page the browser renders afresh', () => {
    const html = new HtmlDocument(template).render({ head: '', assets: '', html: '', hydration: null });
    expect(html).not.toContain('app-data');
  });

  it('refuses a template without its markers', () => {
    expect(() => new HtmlDocument('<html><head></head><body></body></html>')).toThrow(/app-session-hint/);
  });
});
