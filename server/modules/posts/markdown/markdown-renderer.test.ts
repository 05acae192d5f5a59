import { describe, expect, it } from 'vitest';
import { MarkdownRenderer } from './markdown-renderer';
import { sanitizeHtml, USER_LINK_REL } from './sanitize-html';

const renderer = new MarkdownRenderer();
const render = (markdown: string, base = 1) => renderer.render(markdown, base).html;

describe('MarkdownRenderer', () => {
  it('renders Markdown syntax', () => {
    const html = render('**bold** and _em_ and ~~gone~~\n\n- one\n- two\n\n> quoted');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>em</em>');
    expect(html).toContain('<del>gone</del>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<blockquote>');
  });

  it('keeps the line breaks of plain text', () => {
    expect(render('first line\nsecond line')).toBe('<p>first line<br />second line</p>\n');
  });

  it('shows raw HTML as text, block or inline', () => {
    const block = render('<script>window.pwned = 1</script>');
    expect(block).not.toContain('<script');
    expect(block).toContain('&lt;script&gt;window.pwned = 1&lt;/script&gt;');

    const inline = render('hello <img src=x onerror="window.pwned=1"> there');
    expect(inline).not.toContain('<img');
    expect(inline).toContain('&lt;img src=x onerror=');
  });

  it('escapes what sits between inline script tags', () => {
    const html = render('a <script>if (1 < 2) x()</script> b');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('1 &lt; 2');
  });

  it('marks links as user content and drops unsafe addresses, keeping the words', () => {
    const html = render('[safe](https://example.com/a) [bad](javascript:alert(1)) [data](data:text/html,x)');
    expect(html).toContain(`<a href="https://example.com/a" rel="${USER_LINK_REL}">safe</a>`);
    // An anchor without an address is plain text (posts.css styles it so).
    expect(html).toContain(`<a rel="${USER_LINK_REL}">bad</a>`);
    expect(html).toContain(`<a rel="${USER_LINK_REL}">data</a>`);
    expect(html).not.toContain('javascript:');
  });

  it('loads pictures lazily without telling their host where they appear', () => {
    const html = render('![a cat](https://example.com/cat.png) ![bad](javascript:x)');
    expect(html).toContain('src="https://example.com/cat.png"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('referrerpolicy="no-referrer"');
    expect(html).not.toContain('javascript:');
  });

  it('finds the first picture with a web address, for link previews', () => {
    expect(renderer.render('text ![x](/local.png) ![y](https://example.com/y.png)', 1).firstImageUrl).toBe(
      'https://example.com/y.png',
    );
    expect(renderer.render('no picture', 1).firstImageUrl).toBeNull();
  });

  it('highlights a fenced block that names its language, with classes only', () => {
    const html = render('```ts\nconst answer: number = 42;\n```');
    expect(html).toMatch(/^<pre tabindex="0"><code class="hljs language-ts">/);
    expect(html).toContain('<span class="hljs-keyword">const</span>');
    expect(html).not.toContain('style=');
  });

  it('leaves a block in an unknown or no language as escaped text, reachable by keyboard', () => {
    expect(render('```\n<b>x</b>\n```')).toBe('<pre tabindex="0"><code>&lt;b&gt;x&lt;/b&gt;</code></pre>\n');
    expect(render('```nosuchlanguage\nx < y\n```')).toBe('<pre tabindex="0"><code>x &lt; y</code></pre>\n');
  });

  it('puts headings below the page heading without skipping a level', () => {
    expect(render('# Title')).toBe('<h2>Title</h2>\n');
    expect(render('### Deep first')).toBe('<h2>Deep first</h2>\n');
    expect(render('# A\n\n#### B\n\n## C\n\n# D')).toBe('<h2>A</h2>\n<h3>B</h3>\n<h3>C</h3>\n<h2>D</h2>\n');
    expect(render('# In a comment', 2)).toBe('<h3>In a comment</h3>\n');
    expect(render('# A\n## B\n### C\n#### D\n##### E\n###### F')).toContain('<h6>E</h6>\n<h6>F</h6>');
  });

  it('lets keyboard users reach a table, which scrolls sideways when it is wide', () => {
    expect(render('| a | b |\n| --- | --- |\n| 1 | 2 |')).toMatch(/^<table tabindex="0">/);
  });

  it('keeps task lists as checkboxes that cannot be changed', () => {
    const html = render('- [x] done\n- [ ] to do');
    expect(html).toContain('<input type="checkbox" disabled checked />');
    expect(html).toContain('<input type="checkbox" disabled />');
  });

  it('renders a table with its alignment, struck-through text and ticked items of an ordered list', () => {
    const table = render('| left | right | mid |\n| :-- | --: | :-: |\n| 1 | ~~2~~ | 3 |');
    expect(table).toContain('<th align="left">left</th>');
    expect(table).toContain('<td align="right"><del>2</del></td>');
    expect(table).toContain('<td align="center">3</td>');
    expect(table).not.toContain('style=');
    expect(render('1. [x] done\n2. [ ] open')).toBe(
      '<ol>\n<li><input type="checkbox" disabled checked /> done</li>\n<li><input type="checkbox" disabled /> open</li>\n</ol>\n',
    );
    // An escaped bracket is text, not a checkbox.
    expect(render('- \\[x] said so')).toBe('<ul>\n<li>[x] said so</li>\n</ul>\n');
  });

  it('renders footnotes with links both ways, their ids unique to the text', () => {
    const markdown = 'A claim[^source] and another.[^2]\n\n[^source]: The **source**.\n[^2]: A second note.';
    const html = render(markdown);
    const id =
      /<sup class="footnote-ref"><a aria-describedby="fn-[0-9a-f]{8}-label" href="#(fn-[0-9a-f]{8}-1)"/.exec(
        html,
      )?.[1];
    expect(id).toBeDefined();
    const scope = id!.slice(3, 11);
    // Each reference is described by the notes' heading, as GitHub renders them (decision 69).
    expect(html).toContain(
      `<a aria-describedby="fn-${scope}-label" href="#fn-${scope}-1" id="fnref-${scope}-1" rel="${USER_LINK_REL}">[1]</a></sup>`,
    );
    expect(html).toContain(
      `<section class="footnotes">\n<h2 id="fn-${scope}-label" class="visually-hidden">Footnotes</h2>\n<ol class="footnotes-list">`,
    );
    // Under a comment (whose discussion is an h2), the notes' heading is an h3.
    expect(new MarkdownRenderer().render(markdown, 2).html).toContain(
      `<h3 id="fn-${scope}-label" class="visually-hidden">Footnotes</h3>`,
    );
    expect(html).toContain(`<li id="fn-${scope}-1" class="footnote-item"><p>The <strong>source</strong>.`);
    expect(html).toContain(
      `<a href="#fnref-${scope}-1" class="footnote-backref" aria-label="Back to the text" rel="${USER_LINK_REL}">`,
    );
    expect(html).toContain(`<li id="fn-${scope}-2" class="footnote-item"><p>A second note.`);
    // Another text (a comment under the post) numbers its notes in ids of its own.
    expect(render('Other[^1]\n\n[^1]: note')).not.toContain(`fn-${scope}-`);
    // Fragment links stay on the page, even where other addresses are made absolute (feeds).
    expect(new MarkdownRenderer().render(markdown, 1, 'https://blog.example').html).toContain(
      `href="#fn-${scope}-1"`,
    );
  });

  it('links web addresses written out, as GitHub does, and nothing that only looks like a file name', () => {
    const html = render('www.example.com/a, https://example.org/b_c. me@example.com README.md //cdn.example');
    expect(html).toContain(
      `<a href="http://www.example.com/a" rel="${USER_LINK_REL}">www.example.com/a</a>,`,
    );
    expect(html).toContain(
      `<a href="https://example.org/b_c" rel="${USER_LINK_REL}">https://example.org/b_c</a>.`,
    );
    expect(html).toContain(`<a href="mailto:me@example.com" rel="${USER_LINK_REL}">me@example.com</a>`);
    expect(html).toContain(' README.md //cdn.example</p>');
  });

  it('keeps no id but a footnote’s', () => {
    expect(sanitizeHtml('<p id="x"><a id="main" href="/a">a</a><li id="fn-1">b</li></p>')).not.toContain(
      'id=',
    );
  });

  it('answers the same text from memory', () => {
    const small = new MarkdownRenderer(2);
    const first = small.render('*one*', 1);
    expect(small.render('*one*', 1)).toBe(first);
    small.render('two', 1);
    small.render('three', 1);
    expect(small.render('*one*', 1)).not.toBe(first);
    expect(small.render('*one*', 1)).toEqual(first);
  });

  it('resolves relative addresses against a base address, and only then', () => {
    const markdown = '[me](/profile?userId=1) ![pic](img/a.png) [ext](https://other.example/x)';
    const absolute = new MarkdownRenderer().render(markdown, 1, 'https://blog.example/sub').html;
    expect(absolute).toContain('href="https://blog.example/profile?userId=1"');
    expect(absolute).toContain('src="https://blog.example/sub/img/a.png"');
    expect(absolute).toContain('href="https://other.example/x"');
    expect(new MarkdownRenderer().render(markdown, 1).html).toContain('href="/profile?userId=1"');
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](javascript&#58;alert(1))',
    '[x](jav&#x09;ascript:alert(1))',
    '[x](vbscript:msgbox(1))',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![x](javascript:alert(1))',
  ])('drops an executable address, with or without a base address: %s', (markdown) => {
    for (const baseUrl of [undefined, 'https://blog.example']) {
      const { html } = new MarkdownRenderer().render(markdown, 1, baseUrl);
      expect(html).not.toMatch(/(javascript|vbscript|data:text)/i);
      expect(html).not.toMatch(/\b(href|src)=/);
    }
  });

  it('renders GitHub’s alerts as callouts: an aside named by its kind (decision 69)', () => {
    expect(render('> [!NOTE]\n> Read *this*.')).toBe(
      '<aside class="callout callout--note" role="note" aria-label="Note">\n' +
        '<p class="callout__title" aria-hidden="true">Note</p>\n<p>Read <em>this</em>.</p>\n</aside>\n',
    );
    expect(render('> [!tip]\n> - one\n> - two')).toBe(
      '<aside class="callout callout--tip" role="note" aria-label="Tip">\n' +
        '<p class="callout__title" aria-hidden="true">Tip</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n</aside>\n',
    );
    expect(render('> [!WARNING]\n> Hot.')).toContain(
      '<aside class="callout callout--warning" role="note" aria-label="Warning">',
    );
    // An escaped marker, a marker with text after it on its line, and GitHub's other kinds stay quotes.
    expect(render('> \\[!NOTE]\n> x')).toBe('<blockquote>\n<p>[!NOTE]<br />x</p>\n</blockquote>\n');
    expect(render('> [!NOTE] x')).toBe('<blockquote>\n<p>[!NOTE] x</p>\n</blockquote>\n');
    expect(render('> [!CAUTION]\n> x')).toContain('<blockquote>');
  });

  describe('picture widths and galleries (decision 82)', () => {
    const img = (src: string, alt: string, extra = '') =>
      `<img src="${src}" alt="${alt}"${extra} loading="lazy" decoding="async" referrerpolicy="no-referrer" />`;

    it('renders a wide or full picture as a figure the stylesheet widens; text width writes nothing', () => {
      expect(render('![a hill](/media/a/1600.webp){width=wide}')).toBe(
        `<figure class="picture picture--wide">${img('/media/a/1600.webp', 'a hill')}</figure>\n`,
      );
      expect(render('![a hill](h.png "At dawn"){width=full}')).toBe(
        `<figure class="picture picture--full">${img('h.png', 'a hill', ' title="At dawn"')}</figure>\n`,
      );
      expect(render('![a hill](h.png)')).toBe(`<p>${img('h.png', 'a hill')}</p>\n`);
    });

    it('renders a paragraph of only two or three pictures as a gallery named for screen readers', () => {
      const gallery = (count: number) =>
        `<figure class="gallery gallery--${count}" role="group" aria-label="Gallery, ${count} pictures">`;
      expect(render('![one](1.png) ![two](2.png)')).toBe(
        `${gallery(2)}${img('1.png', 'one')}${img('2.png', 'two')}</figure>\n`,
      );
      expect(render('![one](1.png)\n![two](2.png)\n![three](3.png)')).toBe(
        `${gallery(3)}${img('1.png', 'one')}${img('2.png', 'two')}${img('3.png', 'three')}</figure>\n`,
      );
      // Four pictures, or words beside them, are a paragraph as before.
      expect(render('![1](1.png) ![2](2.png) ![3](3.png) ![4](4.png)')).toMatch(/^<p>/);
      expect(render('See ![1](1.png) ![2](2.png)')).toMatch(/^<p>See /);
    });

    it('keeps an unknown, misplaced or hostile width as the text the author typed', () => {
      for (const [markdown, text] of [
        ['![a](x.png){width=x onload=alert(1)}', '{width=x onload=alert(1)}'],
        ['![a](x.png){width="wide" onerror=alert(1)}', '{width="wide" onerror=alert(1)}'],
        ['![a](x.png){width=WIDE}', '{width=WIDE}'],
        ['![a](x.png) {width=wide}', ' {width=wide}'],
        ['![a](x.png){width=wide} ![b](y.png)', '{width=wide} '],
        ['Text ![a](x.png){width=full}', '{width=full}'],
      ]) {
        const html = render(markdown!);
        expect(html, markdown).toMatch(/^<p>/);
        expect(html, markdown).toContain(text);
        expect(html, markdown).not.toMatch(/<img[^>]*(onload|onerror)/);
      }
      // An unsafe address loses it whatever the width.
      expect(render('![a](javascript:alert(1)){width=wide}')).not.toContain('javascript:');
    });

    it('keeps only the figure’s own classes and values, whatever HTML reaches the sanitizer', () => {
      expect(
        sanitizeHtml(
          '<figure class="gallery gallery--9 evil" role="button" aria-label="Click me" onclick="x()" style="x">' +
            '<img src="x" onload="x()"></figure>' +
            '<figure class="picture picture--full" role="group" aria-label="Gallery, 3 pictures"></figure>',
        ),
      ).toBe(
        `<figure class="gallery">${img('x', '').replace(' alt=""', '')}</figure>` +
          '<figure class="picture picture--full" role="group" aria-label="Gallery, 3 pictures"></figure>',
      );
    });
  });

  describe('hostile input in the new blocks keeps to the allow-list (decision 69)', () => {
    it('drops what Markdown cannot make, in table cells, callouts and footnotes', () => {
      const html = render(
        '| <b onclick="x()">a</b> | [x](javascript:alert(1)) |\n|---|---|\n| <table><tr><td>in</td></tr></table> | ![p](javascript:x) |\n\n' +
          '> [!NOTE]\n> <aside role="alert" onmouseover="x()">[y](data:text/html,x)</aside>\n\nA[^1]\n\n[^1]: <script>alert(1)</script> [z](vbscript:x)',
      );
      // No tag but Markdown's, no handler or role inside a tag, no executable address.
      expect(html).not.toMatch(
        /<(b|script|iframe)\b|<[^>]*\s(on\w+|role="alert")|(href|src)="?(javascript|data|vbscript)/i,
      );
      // Raw HTML is text, one table stays one table.
      expect(html.match(/<table/g)).toHaveLength(1);
      expect(html).toContain('&lt;b onclick="x()"&gt;a&lt;/b&gt;');
      expect(html).toContain('&lt;aside role="alert" onmouseover="x()"&gt;');
    });

    it('keeps only the callout’s and footnotes’ own attribute values, whatever HTML reaches the sanitizer', () => {
      const html = sanitizeHtml(
        '<aside class="callout callout--evil" role="alert" aria-label="Click me" onclick="x()" style="color:red">' +
          '<p class="callout__title other" aria-hidden="false">Hi</p></aside>' +
          '<h2 id="main" class="visually-hidden big">t</h2><h3 id="fn-0123abcd-label">ok</h3>' +
          '<a aria-describedby="main" href="#x">x</a><a aria-describedby="fn-0123abcd-label" href="#y">y</a>' +
          '<td><div><img src=x onerror=alert(1)></div></td><section role="doc-endnotes"><aside><iframe src="https://x"></iframe></aside></section>',
      );
      expect(html).toBe(
        '<aside class="callout"><p class="callout__title">Hi</p></aside>' +
          '<h2 class="visually-hidden">t</h2><h3 id="fn-0123abcd-label">ok</h3>' +
          `<a href="#x" rel="${USER_LINK_REL}">x</a><a aria-describedby="fn-0123abcd-label" href="#y" rel="${USER_LINK_REL}">y</a>` +
          '<td><div><img src="x" loading="lazy" decoding="async" referrerpolicy="no-referrer" /></div></td><section><aside></aside></section>',
      );
    });
  });

  describe('embeds (decision 81)', () => {
    const YOUTUBE = 'https://youtu.be/dQw4w9WgXcQ';
    const facade = (markdown: string) => renderer.render(markdown, 1, undefined, 'facade').html;

    it('shows a known provider’s address alone in its paragraph as a card that loads nothing', () => {
      expect(facade(`Watch:\n\n${YOUTUBE}\n`)).toBe(
        '<p>Watch:</p>\n<div class="embed embed--youtube" data-embed="youtube">' +
          `<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" class="embed__link" rel="${USER_LINK_REL}">` +
          '<span class="embed__provider">YouTube</span> <span class="embed__title">youtube.com/watch?v=dQw4w9WgXcQ</span> ' +
          '<span class="embed__action">Load the video from YouTube</span></a></div>\n',
      );
      expect(facade(`<${YOUTUBE}>`)).toContain('data-embed="youtube"');
      // A Bluesky post named by a handle has no frame to load: its card leads to Bluesky.
      expect(facade('https://bsky.app/profile/alice.example/post/3l6o')).toContain(
        '<span class="embed__action">Open on Bluesky</span>',
      );
      expect(facade('<iframe src="x">')).not.toContain('<iframe');
    });

    it('leaves an address among words, in a list or a quote, or of an unknown host, a link', () => {
      for (const markdown of [
        `See ${YOUTUBE}`,
        `- ${YOUTUBE}`,
        `> ${YOUTUBE}`,
        `[the video](${YOUTUBE})`,
        'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
        'https://example.com/page',
      ]) {
        expect(facade(markdown), markdown).not.toContain('embed');
      }
    });

    it('is a plain link where no script of ours runs (feeds, email, the social web, comments)', () => {
      expect(render(YOUTUBE)).toBe(
        `<p><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ" rel="${USER_LINK_REL}">${YOUTUBE}</a></p>\n`,
      );
      // A site's card leads to the provider, since nothing there loads the frame.
      expect(renderer.render(YOUTUBE, 1, 'https://blog.example', 'card').html).toContain(
        '<span class="embed__action">Open on YouTube</span>',
      );
    });

    it('keeps only the embed card’s own classes and providers, whatever HTML reaches the sanitizer', () => {
      const html = sanitizeHtml(
        '<div class="embed embed--evil other" data-embed="evil" data-frame="https://evil.example" onclick="x()" style="x">' +
          '<a href="javascript:alert(1)" class="embed__link embed__evil">a</a>' +
          '<span class="embed__title" onmouseover="x()">t</span><iframe src="https://www.youtube-nocookie.com/embed/x"></iframe></div>' +
          '<div class="embed embed--vimeo" data-embed="vimeo"><a href="https://vimeo.com/1" class="embed__link">v</a></div>',
      );
      expect(html).toBe(
        `<div class="embed"><a class="embed__link" rel="${USER_LINK_REL}">a</a><span class="embed__title">t</span></div>` +
          `<div class="embed embed--vimeo" data-embed="vimeo"><a href="https://vimeo.com/1" class="embed__link" rel="${USER_LINK_REL}">v</a></div>`,
      );
    });
  });
});
