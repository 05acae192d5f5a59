import { describe, expect, it } from 'vitest';
import { parsePostFile, toPostFile } from './post-file';

describe('post files', () => {
  it('reads back what it writes', () => {
    const text = toPostFile(
      {
        id: '0193a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
        title: 'Colons: "quotes" and # hashes',
        status: 'published',
        publishedAt: '2025-01-02T03:04:05.000Z',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-03T00:00:00.000Z',
        tags: ['one', 'two'],
        cover: '../images/x.webp',
      },
      '---\n\nA body that starts with a rule.',
    );
    expect(parsePostFile(text, 'file:a.md', 'a.md', 'posts')).toEqual({
      ok: true,
      item: {
        key: 'file:a.md',
        source: 'a.md',
        id: '0193a2b4-1c2d-7e3f-8a9b-0c1d2e3f4a5b',
        title: 'Colons: "quotes" and # hashes',
        content: '---\n\nA body that starts with a rule.\n',
        tags: ['one', 'two'],
        status: 'published',
        publishedAt: '2025-01-02T03:04:05.000Z',
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-03T00:00:00.000Z',
        folder: 'posts',
        cover: '../images/x.webp',
      },
    });
  });

  it('reads the front matter other tools write: Jekyll and Hugo drafts, dates, comma-separated tags', () => {
    const parsed = parsePostFile(
      '---\ntitle: Hugo\ndate: 2020-05-06\ndraft: true\ntags: a, b\n---\nBody\n',
      'k',
      's',
      '',
    );
    expect(parsed).toMatchObject({
      ok: true,
      item: { status: 'draft', publishedAt: null, tags: ['a', 'b'], createdAt: '2020-05-06T00:00:00.000Z' },
    });
    const jekyll = parsePostFile(
      '---\ntitle: Jekyll\npublished: false\ncategories: [x]\n---\nBody\n',
      'k',
      's',
      '',
    );
    expect(jekyll).toMatchObject({ ok: true, item: { status: 'draft', tags: ['x'] } });
  });

  it('says why it cannot read a file', () => {
    expect(parsePostFile('---\nstatus: archived\n---\nx', 'k', 's', '')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('archived'),
    });
    expect(parsePostFile('---\n- a list\n---\nx', 'k', 's', '')).toMatchObject({
      ok: false,
      reason: 'Its front matter is not a list of fields',
    });
    expect(parsePostFile('---\ntags: {a: 1}\n---\nx', 'k', 's', '')).toMatchObject({
      ok: false,
      reason: 'Its tags are not a list of words',
    });
  });
});
