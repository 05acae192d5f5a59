import { beforeAll, expect, it } from 'vitest';
import { PRIVATE_PAGES } from '../../contracts/site';
import { bulkInsertPosts, type BulkSeed } from './support/bulk-posts';
import { describeEachDatabase, signUpUser, testConfig, type ApiContext, handleOf } from './support/harness';
import { createPost } from './support/posts';
import { at, parseUrlSet, parseXml, text } from './support/xml';

const PUBLIC_URL = testConfig().publicUrl;
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const SITEMAP_URL_LIMIT = 50_000;
const POSTS = 120_000;
const SLOW = 180_000;

type Tree = Record<string, unknown>;

/** A sitemap address as a path on this server; every address must start with PUBLIC_URL. */
function localPath(loc: string): string {
  expect(loc.startsWith(`${PUBLIC_URL}/`), loc).toBe(true);
  return loc.slice(PUBLIC_URL.length);
}

async function fetchXml(ctx: ApiContext, path: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: path });
  expect(response.statusCode, `${path}: ${response.body.slice(0, 200)}`).toBe(200);
  expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
  return response.body;
}

/** The child sitemaps the index names, as paths. */
async function readIndex(ctx: ApiContext): Promise<string[]> {
  const index = at<Tree>(parseXml(await fetchXml(ctx, '/sitemap.xml')), 'sitemapindex');
  expect(index['@xmlns']).toBe(SITEMAP_NAMESPACE);
  return at<Tree[]>(index, 'sitemap').map((sitemap) => localPath(text(sitemap.loc)));
}

interface SitemapEntry {
  path: string;
  lastmod: string | undefined;
}

/** One child sitemap's URLs, checked against the protocol's limit. */
async function readChild(ctx: ApiContext, path: string): Promise<SitemapEntry[]> {
  const urls = parseUrlSet(await fetchXml(ctx, path));
  expect(urls.length).toBeLessThanOrEqual(SITEMAP_URL_LIMIT);
  return urls.map((url) => ({ path: localPath(url.loc), lastmod: url.lastmod }));
}

function idsOf(entries: SitemapEntry[], prefix: string): string[] {
  return entries.map((entry) => {
    expect(entry.path.startsWith(prefix), entry.path).toBe(true);
    return entry.path.slice(prefix.length);
  });
}

/** Every post id the sitemaps list, child by child, in the order listed. */
async function listedPostIds(ctx: ApiContext): Promise<{ children: string[]; ids: string[][] }> {
  const children = (await readIndex(ctx)).filter((path) => path.startsWith('/sitemap-posts.xml'));
  const ids: string[][] = [];
  for (const child of children) ids.push(idsOf(await readChild(ctx, child), '/readblog?id='));
  return { children, ids };
}

async function allPostIds(ctx: ApiContext): Promise<string[]> {
  const rows = await ctx.database.db.selectFrom('posts').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

describeEachDatabase('sitemap', (ctx) => {
  let seed: BulkSeed;
  /** What the first test read, for the later test that changes the posts. */
  let firstListing: Awaited<ReturnType<typeof listedPostIds>> | undefined;

  beforeAll(async () => {
    seed = await bulkInsertPosts(ctx, { posts: POSTS, authors: 40 });
    // Someone who never wrote: their profile is not worth a crawler's visit.
    await signUpUser(ctx);
  }, SLOW);

  it(
    'is an index of child sitemaps of at most 50,000 URLs that together list every post exactly once',
    async () => {
      firstListing = await listedPostIds(ctx);
      const { children, ids } = firstListing;
      expect(ids.map((list) => list.length)).toEqual([50_000, 50_000, 20_000]);
      expect(children[0]).toMatch(/^\/sitemap-posts\.xml\?until=[\da-f-]{36}$/);
      expect(children[2]).toMatch(/^\/sitemap-posts\.xml\?after=[\da-f-]{36}$/);
      const listed = ids.flat();
      expect(new Set(listed).size).toBe(listed.length);
      // Oldest first, child after child: exactly the posts in the database.
      expect(listed).toEqual(await allPostIds(ctx));
      expect(listed).toEqual(seed.postIds);
    },
    SLOW,
  );

  it(
    'gives every post its canonical address and its last change as lastmod',
    async () => {
      const [first] = await readIndex(ctx).then((paths) =>
        paths.filter((p) => p.startsWith('/sitemap-posts')),
      );
      if (!first) throw new Error('no post sitemap');
      const entries = await readChild(ctx, first);
      const rows = await ctx.database.db
        .selectFrom('posts')
        .select(['id', 'updated_at'])
        .where('id', 'in', seed.postIds.slice(0, 20))
        .orderBy('id')
        .execute();
      expect(entries.slice(0, 20)).toEqual(
        rows.map((row) => ({ path: `/readblog?id=${row.id}`, lastmod: row.updated_at })),
      );
      // Edited posts say so: the seed edited every tenth post a minute after writing it.
      expect(Date.parse(entries[0]?.lastmod ?? '') - Date.parse(entries[1]?.lastmod ?? '')).toBe(59_000);
    },
    SLOW,
  );

  it('lists the static public pages, and the profile of every author with posts', async () => {
    const index = await readIndex(ctx);
    expect(index[0]).toBe('/sitemap-pages.xml');
    const pages = await readChild(ctx, '/sitemap-pages.xml');
    expect(pages.map((entry) => entry.path)).toEqual(['/', '/allblog']);

    const profileChildren = index.filter((path) => path.startsWith('/sitemap-profiles.xml'));
    expect(profileChildren).toEqual(['/sitemap-profiles.xml']);
    const profiles = idsOf(await readChild(ctx, '/sitemap-profiles.xml'), '/profile?userId=');
    expect(profiles).toEqual([...seed.authorIds].sort());
  });

  it(
    'keeps the children’s addresses while posts come and go, still listing each post once',
    async () => {
      const before = firstListing ?? (await listedPostIds(ctx));
      const firstChild = before.ids[0] ?? [];
      const removed = [firstChild[0], firstChild[25_000], firstChild[49_999]].filter(
        (id): id is string => id !== undefined,
      );
      await ctx.database.db.deleteFrom('posts').where('id', 'in', removed).execute();
      const writer = await signUpUser(ctx);
      const added = [await createPost(ctx, writer), await createPost(ctx, writer)];

      const after = await listedPostIds(ctx);
      // Sealed ranges keep their addresses; a crawler refetches only what changed.
      expect(after.children).toEqual(before.children);
      expect(after.ids.map((list) => list.length)).toEqual([49_997, 50_000, 20_002]);
      const listed = after.ids.flat();
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed).toEqual(await allPostIds(ctx));
      for (const id of removed) expect(listed).not.toContain(id);
      expect(listed.slice(-2)).toEqual(added.map((post) => post.id));

      // The new writer now has a profile worth listing, at its /@handle address.
      const profiles = (await readChild(ctx, '/sitemap-profiles.xml')).map((entry) => entry.path);
      expect(profiles).toContain(`/@${await handleOf(ctx, writer.id)}`);
    },
    SLOW,
  );

  it('answers conditional requests for the index and its children', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-profiles.xml']) {
      const first = await ctx.app.inject({ method: 'GET', url: path });
      expect(first.headers.etag, path).toMatch(/^"[\w-]+"$/);
      const again = await ctx.app.inject({
        method: 'GET',
        url: path,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      expect(again.statusCode, path).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('builds every address from PUBLIC_URL, never from the Host header', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/sitemap.xml',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(response.body).not.toContain('attacker.example');
    expect(response.body).toContain(`<loc>${PUBLIC_URL}/sitemap-pages.xml</loc>`);
  });

  it.each([
    '/sitemap-posts.xml?after=not-a-uuid',
    '/sitemap-posts.xml?until=1%27%20or%201%3D1',
    `/sitemap-posts.xml?after=${'0'.repeat(36)}`,
    '/sitemap-profiles.xml?after=a&after=b',
    '/sitemap-profiles.xml?until=',
    // No tag holds a NUL, and PostgreSQL refuses one in a text parameter.
    '/sitemap-topics.xml?after=a%00b',
    '/sitemap-topics.xml?until=%00',
  ])('answers 404 for a child the index never named: %s', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No such sitemap' });
  });
});

describeEachDatabase('robots.txt', (ctx) => {
  it('lets crawlers read public pages, keeps them out of the API and private pages, names the sitemap', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api');
    for (const page of PRIVATE_PAGES) expect(lines).toContain(`Disallow: ${page}`);
    expect(PRIVATE_PAGES).toEqual(
      expect.arrayContaining(['/addblog', '/updateblog', '/userupdate', '/favorites', '/signin', '/signup']),
    );
    // Public pages stay readable: nothing disallows a prefix of theirs.
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice(10));
    for (const page of ['/', '/allblog', '/readblog?id=x', '/profile?userId=y', '/rss.xml', '/sitemap.xml']) {
      expect(
        disallowed.filter((prefix) => page.startsWith(prefix)),
        page,
      ).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
