import { getSchema } from '@tiptap/core';
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { editorExtensions } from '../schema/editor-extensions';
import { createEditorMarkdown } from './editor-markdown';

const schema = getSchema(editorExtensions());
const markdown = createEditorMarkdown(schema);
/** Real Markdown: this repository's own documents, written by people for people. */
const documents = import.meta.glob<string>(
  ['../../../../../*.md', '../../../../../bench/*.md', '../../../../../docs/decisions/*.md'],
  { query: '?raw', import: 'default', eager: true },
);

function corpus(): { name: string; text: string }[] {
  return Object.entries(documents).map(([path, text]) => ({ name: path.replace(/^(\.\.\/)+/, ''), text }));
}

/**
 * A document as a reader sees it: blocks, and for each character its marks. Bold or italic on a
 * space shows nothing, and Markdown moves such spaces out of the emphasis, so they are not compared.
 */
function visible(node: ProseMirrorNode): unknown {
  if (node.isText) {
    return Array.from(node.text ?? '').map((char) => [
      char,
      node.marks
        .filter((mark) => !(/\s/.test(char) && ['bold', 'italic', 'strike'].includes(mark.type.name)))
        .map((mark) => ({ type: mark.type.name, attrs: mark.attrs })),
    ]);
  }
  const children: unknown[] = [];
  node.forEach((child) => {
    const seen = visible(child);
    if (child.isText && Array.isArray(seen)) children.push(...(seen as unknown[]));
    else children.push(seen);
  });
  return { type: node.type.name, attrs: node.attrs, children };
}

/** Loaded, saved, loaded again: the same document, and the saved Markdown is stable. */
function expectRoundTrip(doc: ProseMirrorNode): string {
  const saved = markdown.serialize(doc);
  const reloaded = markdown.parse(saved);
  expect({ saved, doc: visible(reloaded) }).toEqual({ saved, doc: visible(doc) });
  expect(markdown.serialize(reloaded)).toBe(saved);
  return saved;
}

describe('the editor’s Markdown', () => {
  // The CHANGELOG is long (35 KB): read twice, written twice and compared character by character,
  // it takes over 5 s, vitest's default limit, on a busy 2-core machine.
  it.each(corpus())(
    'round-trips $name without loss',
    ({ text }) => {
      const loaded = markdown.parse(text);
      expect(loaded.textContent.length).toBeGreaterThan(0);
      expectRoundTrip(loaded);
    },
    30_000,
  );

  it('keeps a picture’s alt text and caption, a code block’s language and a list’s start', () => {
    const saved = expectRoundTrip(
      markdown.parse(
        '![A heron](/media/heron.webp "At dawn")\n\n```ts\nconst a = 1;\n```\n\n3. three\n4. four',
      ),
    );
    expect(saved).toBe(
      '![A heron](/media/heron.webp "At dawn")\n\n```ts\nconst a = 1;\n```\n\n3. three\n4. four',
    );
  });

  it('keeps a list item whose text is a lone +, which Markdown would read as an empty nested list', () => {
    const saved = expectRoundTrip(markdown.parse('- \\+\n\n# a'));
    expect(saved).toBe('- \\+\n\n# a');
  });

  it('keeps a typed line break, as the server renders it', () => {
    const doc = markdown.parse('one\ntwo');
    expect(doc.child(0).childCount).toBe(3);
    expect(doc.child(0).child(1).type.name).toBe('hardBreak');
    expectRoundTrip(doc);
  });

  it('keeps GitHub’s tables, strike-through, task items and footnotes as blocks and marks', () => {
    const doc = markdown.parse(
      [
        '| Name | Price | Note |',
        '| :-- | --: | :-: |',
        '| ~~tea~~ | 3 | a \\| b `x\\|y` |',
        '| coffee |',
        '',
        '- [x] done',
        '- not a task',
        '1. [ ] open',
        '',
        'A claim[^src] and an aside^[said in passing].',
        '',
        '[^src]: The **source**.',
        '',
        '    With a second paragraph.',
        '[^unused]: Cited nowhere.',
      ].join('\n'),
    );
    const [table, bullets, numbers, claim, source, aside, unused] = doc.content.content;
    expect(table?.type.name).toBe('table');
    expect(table?.child(0).child(1).attrs.align).toBe('right');
    expect(
      table
        ?.child(1)
        .child(0)
        .firstChild?.marks.map((mark) => mark.type.name),
    ).toEqual(['strike']);
    expect(table?.child(1).child(2).textContent).toBe('a | b x|y');
    // A short row is filled up to the header's width, as Markdown reads it.
    expect(table?.child(2).childCount).toBe(3);
    expect(
      [bullets, numbers].flatMap((list) => list!.content.content.map((item) => item.attrs.checked)),
    ).toEqual([true, null, false]);
    expect(claim?.child(1).type.name).toBe('footnoteReference');
    expect(
      [source, aside, unused].map((note) => [note?.type.name, note?.attrs.label, note?.textContent]),
    ).toEqual([
      ['footnoteDefinition', 'src', 'The source.With a second paragraph.'],
      ['footnoteDefinition', '1', 'said in passing'],
      ['footnoteDefinition', 'unused', 'Cited nowhere.'],
    ]);
    expect(expectRoundTrip(doc)).toBe(
      [
        '| Name | Price | Note |',
        '| :--- | ---: | :---: |',
        '| ~~tea~~ | 3 | a \\| b `x\\|y` |',
        '| coffee |  |  |',
        '',
        '- [x] done',
        '- not a task',
        '',
        '1. [ ] open',
        '',
        'A claim[^src] and an aside[^1].',
        '',
        '[^src]: The **source**.',
        '',
        '    With a second paragraph.',
        '',
        '[^1]: said in passing',
        '',
        '[^unused]: Cited nowhere.',
      ].join('\n'),
    );
  });

  it('keeps GitHub’s alerts as callouts, whatever block they start with (decision 69)', () => {
    const source = [
      '> [!NOTE]',
      '> Read _this_.',
      '',
      '> [!WARNING]',
      '>',
      '> - one',
      '> - two',
      '',
      '> \\[!TIP\\]\\',
      '> a quote',
    ].join('\n');
    const doc = markdown.parse(source);
    expect([0, 1, 2].map((index) => [doc.child(index).type.name, doc.child(index).attrs.kind])).toEqual([
      ['callout', 'note'],
      ['callout', 'warning'],
      ['blockquote', undefined],
    ]);
    expect(doc.child(1).firstChild?.type.name).toBe('bulletList');
    expect(expectRoundTrip(doc)).toBe(source);
    // Any case, as GitHub reads it; written back in capitals.
    expect(markdown.serialize(markdown.parse('> [!tip]\n> x'))).toBe('> [!TIP]\n> x');
  });

  it('keeps an embed’s address exactly as written, alone on its line (decision 81)', () => {
    const source = [
      'Watch:',
      '',
      'https://youtu.be/dQw4w9WgXcQ',
      '',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      '',
      'https://mastodon.social/@Gargron/109421234567890123',
      '',
      'See <https://vimeo.com/76979871> too.',
      '',
      '- <https://vimeo.com/76979871>',
    ].join('\n');
    const doc = markdown.parse(source);
    expect([1, 2, 3].map((index) => doc.child(index).attrs)).toEqual([
      { address: 'https://youtu.be/dQw4w9WgXcQ', provider: 'youtube', label: 'YouTube' },
      { address: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', provider: 'youtube', label: 'YouTube' },
      {
        address: 'https://mastodon.social/@Gargron/109421234567890123',
        provider: 'mastodon',
        label: 'Mastodon',
      },
    ]);
    expect(doc.child(1).type.name).toBe('embed');
    // Among words, or in a list, an address stays a link.
    expect(doc.child(4).type.name).toBe('paragraph');
    expect(doc.child(5).type.name).toBe('bulletList');
    expect(expectRoundTrip(doc)).toBe(source);
    // An address the reader does not know, or a look-alike host, stays a link too.
    expect(markdown.parse('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ').child(0).type.name).toBe(
      'paragraph',
    );
  });

  it('keeps a picture in a table cell or a heading, where it cannot be a block of its own', () => {
    const source =
      '# Logo ![mark](/media/m.webp "Our mark")\n\n| a | b |\n| --- | --- |\n| ![x\\|y](/l.png) | z |';
    const doc = markdown.parse(source);
    expect(doc.child(0).child(1).type.name).toBe('inlineImage');
    expect(doc.child(1).child(1).child(0).child(0).attrs).toMatchObject({ src: '/l.png', alt: 'x|y' });
    expect(expectRoundTrip(doc)).toBe(source);
  });

  it('writes an address shown as itself back as an address', () => {
    const doc = markdown.parse('See https://example.com/a_b and www.example.org.');
    expect(doc.child(0).child(1).marks[0]?.attrs.href).toBe('https://example.com/a_b');
    expect(expectRoundTrip(doc)).toBe(
      'See <https://example.com/a_b> and [www.example.org](http://www.example.org).',
    );
  });

  describe('picture widths and galleries (decision 82)', () => {
    it('keeps a wide or full picture, its caption too, and writes nothing for text width', () => {
      const source =
        '![A hill](/media/h/1600.webp){width=wide}\n\n![The sea](/media/s/1600.webp "At dawn"){width=full}\n\n![Plain](/p.png)';
      const doc = markdown.parse(source);
      expect(doc.childCount).toBe(3);
      expect(doc.child(0).attrs).toMatchObject({ src: '/media/h/1600.webp', alt: 'A hill', layout: 'wide' });
      expect(doc.child(1).attrs).toMatchObject({ title: 'At dawn', layout: 'full' });
      expect(doc.child(2).attrs).toMatchObject({ layout: null });
      expect(expectRoundTrip(doc)).toBe(source);
    });

    it('keeps a paragraph of two or three pictures as a gallery, on one line', () => {
      const doc = markdown.parse(
        '![One](/1.png)\n![Two](/2.png)\n\n![A](/a.png) ![B](/b.png) ![C](/c.png "Cap")',
      );
      expect(doc.child(0).type.name).toBe('gallery');
      expect(doc.child(0).childCount).toBe(2);
      expect(doc.child(1).type.name).toBe('gallery');
      expect(doc.child(1).child(2).attrs).toMatchObject({
        src: '/c.png',
        alt: 'C',
        title: 'Cap',
        layout: null,
      });
      expect(expectRoundTrip(doc)).toBe(
        '![One](/1.png) ![Two](/2.png)\n\n![A](/a.png) ![B](/b.png) ![C](/c.png "Cap")',
      );
    });

    it('writes a gallery’s pictures without widths, and a gallery of one as a plain picture', () => {
      const { image, gallery } = schema.nodes;
      const wide = image!.create({ src: '/w.png', alt: 'w', layout: 'wide' });
      const plain = image!.create({ src: '/p.png', alt: 'p' });
      expect(
        markdown.serialize(schema.nodes.doc!.create(null, [gallery!.create({ count: 2 }, [wide, plain])])),
      ).toBe('![w](/w.png) ![p](/p.png)');
      expect(
        markdown.serialize(schema.nodes.doc!.create(null, [gallery!.create({ count: 1 }, [plain])])),
      ).toBe('![p](/p.png)');
    });

    it('reads an unknown or hostile width, or four pictures, as the text and pictures they are', () => {
      const hostile = markdown.parse('![a](/a.png){width=x onload=alert(1)}');
      expect(hostile.child(0).type.name).toBe('image');
      expect(hostile.child(0).attrs.layout).toBeNull();
      expect(hostile.child(1).textContent).toBe('{width=x onload=alert(1)}');
      expectRoundTrip(hostile);

      const four = markdown.parse('![1](/1.png) ![2](/2.png) ![3](/3.png) ![4](/4.png)');
      expect(Array.from({ length: four.childCount }, (_, index) => four.child(index).type.name)).toEqual([
        'image',
        'image',
        'image',
        'image',
      ]);
      expectRoundTrip(four);
    });

    it('keeps widths and galleries inside quotes and lists', () => {
      const source = '> ![a](/a.png){width=wide}\n\n- Two:\n\n  ![b](/b.png) ![c](/c.png)';
      expect(expectRoundTrip(markdown.parse(source))).toBe(source);
    });
  });

  it('round-trips every document the editor can produce (property)', () => {
    fc.assert(
      fc.property(documentArbitrary(), (doc) => {
        expectRoundTrip(doc);
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});

// ----- What the editor can produce, as documents of its own schema -----

const WORD_CHARS = 'abcxyzABC019*_`[]()#>-+!\\<&|~.:=\'"'.split('');
const word = fc
  .array(fc.constantFrom(...WORD_CHARS, 'é', '漢'), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(''));
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));
const LINKS = [
  'https://example.com',
  'https://en.wikipedia.org/wiki/Ink_(disambiguation)',
  '/readblog?id=1&name=a%20b',
];

type MarkName = 'bold' | 'italic' | 'strike' | 'code' | 'link';
const markSet = fc.subarray<MarkName>(['bold', 'italic', 'strike', 'code', 'link']);

const segment = fc.record({ text: words, marks: markSet, href: fc.constantFrom(...LINKS) });

function marksOf(names: MarkName[], href: string): Mark[] {
  // Inline code takes no other mark in Tiptap (its schema says `excludes: '_'`).
  if (names.includes('code')) return [schema.marks.code!.create()];
  return names.map((name) =>
    name === 'link' ? schema.marks.link!.create({ href }) : schema.marks[name]!.create(),
  );
}

/** Footnote labels a generated document cites; each cited one gets its note at the end. */
const FOOTNOTE_LABELS = ['1', 'note', 'a-b'];

/**
 * Text runs, each with its marks, separated by plain spaces; a line break in between at times, and
 * at times a footnote reference after a run.
 */
function inline(allowBreaks: boolean, allowFootnotes = true) {
  return fc
    .array(
      fc.record({
        segment,
        breakBefore: fc.boolean(),
        footnote: fc.option(fc.constantFrom(...FOOTNOTE_LABELS), { freq: 4, nil: null }),
      }),
      { minLength: 1, maxLength: 5 },
    )
    .map((parts) => {
      const nodes: ProseMirrorNode[] = [];
      parts.forEach(({ segment: part, breakBefore, footnote }, index) => {
        if (index > 0) {
          nodes.push(allowBreaks && breakBefore ? schema.nodes.hardBreak!.create() : schema.text(' '));
        }
        nodes.push(schema.text(part.text, marksOf(part.marks, part.href)));
        if (allowFootnotes && footnote)
          nodes.push(schema.nodes.footnoteReference!.create({ label: footnote }));
      });
      return nodes;
    });
}

const paragraph = inline(true).map((content) => schema.nodes.paragraph!.create(null, content));
const picture = fc.record({
  src: fc.constantFrom('/media/a.webp', 'https://example.com/b%20(1).png'),
  alt: fc.option(words, { nil: null }),
  title: fc.option(words, { nil: null }),
});
/** Text, and at times a picture after it: in a cell or a heading a picture stays in the line. */
function withPicture(content: fc.Arbitrary<ProseMirrorNode[]>) {
  return fc
    .tuple(content, fc.option(picture, { freq: 4, nil: null }))
    .map(([nodes, attrs]) =>
      attrs ? [...nodes, schema.text(' '), schema.nodes.inlineImage!.create(attrs)] : nodes,
    );
}
/** A GFM table: a header row and up to three rows, each column aligned one way, cells at times empty. */
const table = fc
  .integer({ min: 1, max: 3 })
  .chain((width) =>
    fc.tuple(
      fc.array(fc.constantFrom(null, 'left', 'right', 'center'), { minLength: width, maxLength: width }),
      fc.array(
        fc.array(fc.option(inline(false), { freq: 5, nil: null }), { minLength: width, maxLength: width }),
        {
          minLength: 1,
          maxLength: 4,
        },
      ),
    ),
  )
  .map(([aligns, rows]) =>
    schema.nodes.table!.create(
      null,
      rows.map((cells, row) =>
        schema.nodes.tableRow!.create(
          null,
          cells.map((content, column) =>
            schema.nodes[row === 0 ? 'tableHeader' : 'tableCell']!.create({ align: aligns[column] }, content),
          ),
        ),
      ),
    ),
  );
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), withPicture(inline(false)))
  .map(([level, content]) => schema.nodes.heading!.create({ level }, content));
const codeLine = fc
  .array(fc.constantFrom(...WORD_CHARS, ' ', '\t'), { maxLength: 12 })
  .map((c) => c.join(''));
const codeBlock = fc
  .tuple(fc.constantFrom(null, 'ts', 'python', 'sh'), fc.array(codeLine, { minLength: 1, maxLength: 4 }))
  .map(([language, lines]) => {
    const text = lines.join('\n');
    return schema.nodes.codeBlock!.create({ language }, text ? schema.text(text) : null);
  });
const image = fc
  .tuple(picture, fc.constantFrom(null, 'wide', 'full'))
  .map(([attrs, layout]) => schema.nodes.image!.create({ ...attrs, layout }));
/** A gallery of two or three pictures (decision 82), which have no width of their own. */
const gallery = fc.array(picture, { minLength: 2, maxLength: 3 }).map((pictures) =>
  schema.nodes.gallery!.create(
    { count: pictures.length },
    pictures.map((attrs) => schema.nodes.image!.create(attrs)),
  ),
);
const divider = fc.constant(null).map(() => schema.nodes.horizontalRule!.create());

const { block } = fc.letrec<{
  block: ProseMirrorNode;
  list: ProseMirrorNode;
  quote: ProseMirrorNode;
  callout: ProseMirrorNode;
}>((tie) => ({
  block: fc.oneof(
    { maxDepth: 2, depthIdentifier: 'nesting' },
    paragraph,
    heading,
    codeBlock,
    image,
    gallery,
    divider,
    table,
    tie('list'),
    tie('quote'),
    tie('callout'),
  ),
  list: fc
    .tuple(
      fc.constantFrom('bulletList', 'orderedList'),
      fc.integer({ min: 1, max: 12 }),
      fc.array(
        fc.tuple(
          paragraph,
          fc.array(tie('block'), { maxLength: 2, depthIdentifier: 'nesting' }),
          // A task item, ticked or not, or an ordinary one: a list may mix them.
          fc.constantFrom(null, true, false),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    )
    .map(([kind, start, items]) =>
      schema.nodes[kind]!.create(
        kind === 'orderedList' ? { start } : null,
        items.map(([first, rest, checked]) => schema.nodes.listItem!.create({ checked }, [first, ...rest])),
      ),
    ),
  quote: fc
    .array(tie('block'), { minLength: 1, maxLength: 3, depthIdentifier: 'nesting' })
    .map((content) => schema.nodes.blockquote!.create(null, content)),
  callout: fc
    .tuple(
      fc.constantFrom('note', 'tip', 'warning'),
      fc.array(tie('block'), { minLength: 1, maxLength: 3, depthIdentifier: 'nesting' }),
    )
    .map(([kind, content]) => schema.nodes.callout!.create({ kind }, content)),
}));

/** A footnote's text: a paragraph or two (citing no other note), or a code block. */
const footnoteText = fc.array(
  fc.oneof(
    inline(true, false).map((content) => schema.nodes.paragraph!.create(null, content)),
    codeBlock,
  ),
  { minLength: 1, maxLength: 2 },
);

/**
 * Blocks, then the notes they cite in the order first cited, as Markdown puts them, and at times
 * one that nothing cites.
 */
function documentArbitrary() {
  return fc
    .tuple(
      fc.array(block, { minLength: 1, maxLength: 6 }),
      fc.array(footnoteText, {
        minLength: FOOTNOTE_LABELS.length + 1,
        maxLength: FOOTNOTE_LABELS.length + 1,
      }),
      fc.boolean(),
    )
    .map(([content, texts, spare]) => {
      const cited: string[] = [];
      schema.nodes.doc!.create(null, content).descendants((node) => {
        const label = String(node.attrs.label);
        if (node.type.name === 'footnoteReference' && !cited.includes(label)) cited.push(label);
      });
      if (spare) cited.push('spare');
      const notes = cited.map((label, index) =>
        schema.nodes.footnoteDefinition!.create({ label }, texts[index]),
      );
      return schema.nodes.doc!.create(null, [...content, ...notes]);
    });
}
