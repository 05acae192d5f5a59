import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGhostExport } from './ghost-export';
import type { ImportItem, ParsedItem } from './import-item';

// A Ghost 5 export (Settings → Labs → Export content) of a made-up blog, written for these tests.
const fixtureText = readFileSync(
  new URL('../../../tests/api/fixtures/ghost-export.json', import.meta.url),
  'utf8',
);
const fixture = (): {
  db: [{ meta: unknown; data: { posts: Record<string, unknown>[] } & Record<string, unknown> }];
} => JSON.parse(fixtureText);

function itemOf(result: ParsedItem | undefined): ImportItem {
  if (!result?.ok) throw new Error(`expected an item, got ${JSON.stringify(result)}`);
  return result.item;
}

/** One post in an otherwise empty export, for the rules the fixture does not reach. */
function single(post: Record<string, unknown>): ParsedItem | undefined {
  return parseGhostExport({ db: [{ meta: {}, data: { posts: [post] } }] })[0];
}

const base = { id: 'p1', uuid: 'u-1', title: 'One', status: 'published', html: '<p>Hi</p>' };

describe('parseGhostExport on a Ghost 5 export', () => {
  const results = parseGhostExport(fixture());

  it('returns one result per Ghost post, pages and empty posts included', () => {
    expect(results).toHaveLength(5);
    expect(results.map((result) => result.ok)).toEqual([true, true, true, false, false]);
  });

  it('converts a lexical post’s HTML to Markdown: headings, links, lists, code fences and images', () => {
    const welcome = itemOf(results[0]);
    expect(welcome).toMatchObject({
      key: 'ghost:4b1f6c2e-8d3a-4f5b-9e7c-2a6d1b3c5e01',
      source: 'Ghost post “Welcome to the sample blog”',
      title: 'Welcome to the sample blog',
      status: 'published',
      publishedAt: '2024-03-03T08:00:00.000Z',
      createdAt: '2024-03-02T09:15:00.000Z',
      updatedAt: '2024-03-04T18:40:12.000Z',
    });
    expect(welcome.content).toBe(
      [
        'This is the first post on a sample blog made to test importing. Nothing here is real.',
        '## What you will find here',
        'Short notes on gardening, bread and the odd bicycle repair. Start with the [sample guide](https://example.com/sample-guide).',
        '- Weekly notes\n- Recipes that worked\n- Recipes that did not',
        '### A first snippet',
        '```js\nconst loaf = { flour: 500, water: 350 };\nconsole.log(loaf.water / loaf.flour);\n```',
        // Ghost writes its own address as __GHOST_URL__; resolving it is the importer's business.
        '![A loaf of sample bread](__GHOST_URL__/content/images/2024/03/sample-loaf.jpg)',
        'Sample photo, not a real loaf.',
      ].join('\n\n'),
    );
    expect(welcome.id).toBeUndefined();
  });

  it('gives tags in sort_order, not file order, and leaves out internal #tags', () => {
    expect(itemOf(results[0]).tags).toEqual(['Getting Started', 'Bread & Baking', 'Sample Notes']);
    expect(itemOf(results[1]).tags).toEqual(['Bread & Baking']);
  });

  it('keeps a single Markdown card’s Markdown as written, and trims the title', () => {
    const draft = itemOf(results[1]);
    expect(draft.title).toBe('Drafting in Markdown');
    expect(draft.source).toBe('Ghost post “Drafting in Markdown”');
    expect(draft.status).toBe('draft');
    expect(draft.publishedAt).toBeNull();
    // The table and the '*' bullet would not survive a trip through the HTML.
    expect(draft.content).toBe(
      'Written in a single Markdown card, the way older Ghost editors kept it.\n\n' +
        '| Starter | Days |\n| --- | --- |\n| Rye | 5 |\n| Wheat | 7 |\n\n' +
        '* an asterisk bullet, kept as typed\n',
    );
  });

  it('keeps a scheduled post scheduled, with its publication time', () => {
    expect(itemOf(results[2])).toMatchObject({
      status: 'scheduled',
      publishedAt: '2030-03-14T08:00:00.000Z',
      content: 'Next week: a sample post about _seed catalogues_.',
    });
  });

  it('reports a page and a post without content, with their reasons', () => {
    expect(results[3]).toEqual({
      ok: false,
      source: 'Ghost post “About this sample blog”',
      reason: 'Ghost pages are not imported, only posts',
    });
    expect(results[4]).toEqual({
      ok: false,
      source: 'Ghost post “An empty draft”',
      reason: 'This post has no content to import',
    });
  });

  it('falls back to the id for the key when a post has no uuid', () => {
    const doc = fixture();
    delete doc.db[0].data.posts[0]?.uuid;
    expect(itemOf(parseGhostExport(doc)[0]).key).toBe('ghost:65f1c0a2b3d4e5f6a7b8c911');
  });
});

describe('parseGhostExport on other shapes', () => {
  it('reads an old export with meta and data at the top level, no db wrapper', () => {
    const { meta, data } = fixture().db[0];
    const results = parseGhostExport({ meta, data });
    expect(results).toHaveLength(5);
    expect(itemOf(results[0]).tags).toEqual(['Getting Started', 'Bread & Baking', 'Sample Notes']);
  });

  it('reads a Ghost 0.x post: numeric ids, page flag, markdown column, zoneless and epoch times', () => {
    const results = parseGhostExport({
      meta: { exported_on: 1388805572000, version: '003' },
      data: {
        posts: [
          {
            id: 5,
            title: 'Old times',
            markdown: 'Some *old* Markdown',
            html: '<p>Some <em>old</em> Markdown</p>',
            page: 0,
            status: 'published',
            created_at: '2013-12-30 10:00:00',
            updated_at: 1388805572000,
            published_at: null,
          },
          { id: 6, title: 'Old page', html: '<p>About</p>', page: 1, status: 'published' },
        ],
        tags: [{ id: 3, name: 'History', slug: 'history' }],
        posts_tags: [{ post_id: 5, tag_id: 3 }],
      },
    });
    expect(itemOf(results[0])).toEqual({
      key: 'ghost:5',
      source: 'Ghost post “Old times”',
      title: 'Old times',
      content: 'Some *old* Markdown',
      tags: ['History'],
      status: 'published',
      // A published post without published_at takes its creation time.
      publishedAt: '2013-12-30T10:00:00.000Z',
      createdAt: '2013-12-30T10:00:00.000Z',
      updatedAt: '2014-01-04T03:19:32.000Z',
    });
    expect(results[1]).toMatchObject({ ok: false, reason: 'Ghost pages are not imported, only posts' });
  });

  it.each([
    null,
    'text',
    42,
    [],
    {},
    { db: [] },
    { db: [{ meta: {} }] },
    { data: { posts: 'none' } },
    { posts: [] },
  ])('says %j is not a Ghost export', (doc) => {
    expect(parseGhostExport(doc)).toEqual([
      { ok: false, source: 'Ghost export', reason: expect.stringContaining('not a Ghost JSON export') },
    ]);
  });

  it('reports a malformed post on its own and still brings in the others', () => {
    const results = parseGhostExport({
      db: [{ data: { posts: [null, { ...base, status: 'archived' }, { title: 'No id' }, base] } }],
    });
    expect(results).toEqual([
      { ok: false, source: 'Ghost post #1', reason: 'This entry is not a post' },
      { ok: false, source: 'Ghost post “One”', reason: expect.stringContaining('“archived”') },
      {
        ok: false,
        source: 'Ghost post “No id”',
        reason: expect.stringContaining('neither a uuid nor an id'),
      },
      { ok: true, item: expect.objectContaining({ key: 'ghost:u-1', content: 'Hi' }) },
    ]);
  });
});

describe('parseGhostExport rules', () => {
  it('maps Ghost statuses: sent (email only) is published', () => {
    expect(itemOf(single({ ...base, status: 'sent' })).status).toBe('published');
    expect(itemOf(single({ ...base, status: 'draft', published_at: null })).publishedAt).toBeNull();
    expect(single({ ...base, status: undefined })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('“undefined”'),
    });
  });

  it('names an untitled post by its id', () => {
    expect(itemOf(single({ ...base, title: '   ' }))).toMatchObject({ title: '', source: 'Ghost post p1' });
  });

  it('falls back to plaintext when there is no HTML', () => {
    expect(itemOf(single({ ...base, html: null, plaintext: 'Just words' })).content).toBe('Just words');
    expect(single({ ...base, html: '', plaintext: '' })).toMatchObject({
      ok: false,
      reason: 'This post has no content to import',
    });
  });

  it('converts HTML when the mobiledoc has more than one Markdown card', () => {
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      atoms: [],
      markups: [],
      cards: [
        ['markdown', { markdown: 'first' }],
        ['hr', {}],
      ],
      sections: [
        [10, 0],
        [10, 1],
      ],
    });
    expect(itemOf(single({ ...base, mobiledoc, html: '<p>first</p><hr>' })).content).toBe('first\n\n* * *');
  });

  it('uses the Markdown of a Ghost 1.0 card-markdown card and of a Lexical Markdown card', () => {
    const mobiledoc = JSON.stringify({
      version: '0.3.1',
      markups: [],
      atoms: [],
      cards: [['card-markdown', { cardName: 'card-markdown', markdown: '# One\n' }]],
      sections: [[10, 0]],
    });
    expect(itemOf(single({ ...base, mobiledoc })).content).toBe('# One\n');
    const lexical = JSON.stringify({
      root: {
        type: 'root',
        children: [
          { type: 'markdown', version: 1, markdown: '_Two_' },
          { type: 'paragraph', children: [] },
        ],
      },
    });
    expect(itemOf(single({ ...base, lexical, html: '<p><em>Two</em></p>' })).content).toBe('_Two_');
  });

  it('ignores a mobiledoc that is not JSON and converts the HTML', () => {
    expect(itemOf(single({ ...base, mobiledoc: '{not json' })).content).toBe('Hi');
  });

  it('numbers ordered lists from their start and indents nested lists under their item', () => {
    const html = '<ol start="3"><li>three<ul><li>nested</li></ul></li><li>four</li></ol>';
    expect(itemOf(single({ ...base, html })).content).toBe('3. three\n   - nested\n4. four');
  });

  it('normalizes times to ISO 8601 in UTC and drops what is not a time', () => {
    const times = (value: unknown) =>
      itemOf(single({ ...base, status: 'draft', created_at: value })).createdAt;
    expect(times('2024-03-02T09:15:00.000Z')).toBe('2024-03-02T09:15:00.000Z');
    expect(times('2021-01-01 10:00:00')).toBe('2021-01-01T10:00:00.000Z');
    expect(times('2021-01-01T12:00:00+02:00')).toBe('2021-01-01T10:00:00.000Z');
    expect(times(1609495200000)).toBe('2021-01-01T10:00:00.000Z');
    expect(times('2021-02-30 10:00:00')).toBeNull();
    expect(times('2021-13-01T00:00:00Z')).toBeNull();
    expect(times('yesterday')).toBeNull();
    expect(times(1e20)).toBeNull();
    expect(times(null)).toBeNull();
  });

  it('skips tags named with # even without internal visibility, and tag links to missing tags', () => {
    const results = parseGhostExport({
      db: [
        {
          data: {
            posts: [base],
            tags: [
              { id: 't1', name: '#legacy', slug: 'hash-legacy' },
              { id: 't2', name: 'Kept', slug: 'kept' },
            ],
            posts_tags: [
              { post_id: 'p1', tag_id: 't1', sort_order: 0 },
              { post_id: 'p1', tag_id: 'gone', sort_order: 1 },
              { post_id: 'p1', tag_id: 't2', sort_order: 2 },
              { post_id: 'p1', tag_id: 't2', sort_order: 3 },
            ],
          },
        },
      ],
    });
    expect(itemOf(results[0]).tags).toEqual(['Kept']);
  });
});
