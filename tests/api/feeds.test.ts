import { parseFeed } from '@rowanmanning/feed-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_PATHS, feedPath, type FeedFormat } from '../../contracts/feeds';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type TestUser,
  handleOf,
} from './support/harness';
import { createPost, getPage } from './support/posts';
import { at, parseXml, text } from './support/xml';

const PUBLIC_URL = testConfig().publicUrl;
const FORMATS: FeedFormat[] = ['rss', 'atom'];

/** RSS 2.0 dates are RFC 822 (with four-digit years, as RSS asks). */
const RFC_822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} (GMT|[+-]\d{4})$/;
/** Atom dates are RFC 3339. */
const RFC_3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const HOSTILE_TITLE = '"></title><script>alert("title")</script> Tom &amp; Jerry ]]> end';
const HOSTILE_CONTENT = [
  '<script>alert("body")</script>',
  '',
  '[click me](javascript:alert(1)) and [all posts](/allblog)',
  '',
  'look: <img src=x onerror=alert(1)>',
].join('\n');

type Tree = Record<string, unknown>;
type Item = Record<string, unknown>;

const toSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000) * 1000;

describeEachDatabase('feeds', (ctx) => {
  let alice: TestUser;
  let bob: TestUser;
  let quiet: TestUser;
  let hostile: Post;

  beforeAll(async () => {
    alice = await signUpUser(ctx, { username: 'Alice <Feeds> & co' });
    bob = await signUpUser(ctx);
    quiet = await signUpUser(ctx);
    for (let index = 1; index <= 21; index += 1) {
      await createPost(ctx, alice, {
        title: `Alice ${index}`,
        content: `# Part ${index}\n\nBody **${index}**`,
      });
    }
    await createPost(ctx, bob, { title: 'Bob 1' });
    await createPost(ctx, bob, { title: 'Bob 2' });
    hostile = await createPost(ctx, bob, { title: HOSTILE_TITLE, content: HOSTILE_CONTENT });
  });

  async function fetchFeed(format: FeedFormat, userId?: string) {
    const response = await ctx.app.inject({ method: 'GET', url: feedPath(format, { userId }) });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  /** The items of a feed as XML (RSS <item> or Atom <entry>). */
  function items(format: FeedFormat, tree: Tree): Item[] {
    return format === 'rss' ? at<Item[]>(tree, 'rss', 'channel', 'item') : at<Item[]>(tree, 'feed', 'entry');
  }

  /** What the API's first page says are the newest 20 posts, in order. */
  async function newest20(userId?: string): Promise<Post[]> {
    const url = userId ? `/api/post/profile?userId=${userId}&limit=20` : '/api/post/blog/all?limit=20';
    return (await getPage(ctx, url)).response;
  }

  describe('RSS 2.0', () => {
    it('carries the newest 20 posts with their GUIDs, links, dates and authors', async () => {
      const response = await fetchFeed('rss');
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const rss = at<Tree>(parseXml(response.body), 'rss');
      expect(rss['@version']).toBe('2.0');
      const channel = at<Tree>(rss, 'channel');
      expect(text(channel.title)).toBe('Inkwell');
      expect(text(channel.link)).toBe(`${PUBLIC_URL}/allblog`);
      expect(text(channel.description)).not.toBe('');
      expect(text(channel.lastBuildDate)).toMatch(RFC_822);
      expect(at<Tree[]>(channel, 'atom:link')[0]).toMatchObject({
        '@rel': 'self',
        '@href': `${PUBLIC_URL}/rss.xml`,
      });

      const expected = await newest20();
      const xmlItems = items('rss', parseXml(response.body));
      expect(xmlItems).toHaveLength(20);
      xmlItems.forEach((item, index) => {
        const post = expected[index];
        if (!post) throw new Error(`no post ${index}`);
        expect(text(item.guid)).toBe(`urn:uuid:${post.id}`);
        expect(item.guid).toMatchObject({ '@isPermaLink': 'false' });
        expect(text(item.link)).toBe(`${PUBLIC_URL}/readblog?id=${post.id}`);
        const pubDate = text(item.pubDate);
        expect(pubDate).toMatch(RFC_822);
        expect(Date.parse(pubDate)).toBe(toSecond(post.createdAt));
        expect(text(item['dc:creator'])).toBe(post.author.username);
        expect(text(item['content:encoded'])).not.toBe('');
        expect(text(item.description)).not.toBe('');
      });

      // A feed reader's view of the same document.
      const feed = parseFeed(response.body);
      expect(feed.title).toBe('Inkwell');
      expect(feed.items.map((item) => item.id)).toEqual(expected.map((post) => `urn:uuid:${post.id}`));
      expect(feed.items[0]?.title).toBe(HOSTILE_TITLE);
      expect(feed.items[0]?.authors.map((author) => author.name)).toEqual([bob.username]);
      const aliceItem = feed.items.find((item) => item.title === 'Alice 21');
      expect(aliceItem?.content).toContain('<h2>Part 21</h2>');
      expect(aliceItem?.content).toContain('<strong>21</strong>');
      expect(aliceItem?.authors[0]?.name).toBe('Alice <Feeds> & co');
    });
  });

  describe('Atom 1.0', () => {
    it('carries the newest 20 posts with ids, links, published and updated dates and authors', async () => {
      const response = await fetchFeed('atom');
      expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      const expected = await newest20();
      const tree = parseXml(response.body);
      const feed = at<Tree>(tree, 'feed');
      expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
      expect(text(feed.id)).toBe(`${PUBLIC_URL}/atom.xml`);
      expect(text(feed.title)).toBe('Inkwell');
      const newestChange = expected
        .map((post) => post.updatedAt)
        .sort()
        .at(-1);
      expect(text(feed.updated)).toMatch(RFC_3339);
      expect(text(feed.updated)).toBe(newestChange);
      expect(at<Tree[]>(feed, 'link')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ '@rel': 'alternate', '@href': `${PUBLIC_URL}/allblog` }),
          expect.objectContaining({ '@rel': 'self', '@href': `${PUBLIC_URL}/atom.xml` }),
        ]),
      );

      const entries = items('atom', tree);
      expect(entries).toHaveLength(20);
      entries.forEach((entry, index) => {
        const post = expected[index];
        if (!post) throw new Error(`no post ${index}`);
        expect(text(entry.id)).toBe(`urn:uuid:${post.id}`);
        expect(at<Tree[]>(entry, 'link')[0]?.['@href']).toBe(`${PUBLIC_URL}/readblog?id=${post.id}`);
        expect(entry.title).toMatchObject({ '@type': 'html' });
        expect(text(entry.published)).toMatch(RFC_3339);
        expect(text(entry.updated)).toMatch(RFC_3339);
        expect(text(entry.published)).toBe(post.createdAt);
        expect(text(entry.updated)).toBe(post.updatedAt);
        const [author] = at<Tree[]>(entry, 'author');
        expect(text(author?.name)).toBe(post.author.username);
        expect(text(author?.uri)).toBe(`${PUBLIC_URL}/@${post.author.handle}`);
        expect(entry.content).toMatchObject({ '@type': 'html' });
      });

      const parsed = parseFeed(response.body);
      expect(parsed.items.map((item) => item.id)).toEqual(expected.map((post) => `urn:uuid:${post.id}`));
      expect(parsed.items[0]?.title).toBe(HOSTILE_TITLE);
      expect(parsed.items[0]?.published?.toISOString()).toBe(hostile.createdAt);
    });
  });

  describe.each(FORMATS)('%s: what people wrote', (format) => {
    it('is sanitized HTML: raw HTML reads as text, javascript: links are gone, relative links are absolute', async () => {
      const response = await fetchFeed(format);
      const xmlItem = items(format, parseXml(response.body)).find((entry) =>
        text(format === 'rss' ? entry.guid : entry.id).endsWith(hostile.id),
      );
      // The HTML exactly as the document carries it (the feed parser decodes entities in content,
      // which would blur escaped text and markup).
      const html = text(format === 'rss' ? xmlItem?.['content:encoded'] : xmlItem?.content);
      expect(html).toContain('&lt;script&gt;alert("body")&lt;/script&gt;');
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toMatch(/<img/i);
      expect(html).toContain('<a rel="noopener nofollow ugc">click me</a>');
      expect(html).not.toMatch(/javascript:/i);
      expect(html).toContain(`<a href="${PUBLIC_URL}/allblog" rel="noopener nofollow ugc">all posts</a>`);
    });

    it('keeps a hostile title as text: escaped in the XML, read back as typed', async () => {
      const response = await fetchFeed(format);
      const xmlItem = items(format, parseXml(response.body)).find((entry) =>
        text(format === 'rss' ? entry.guid : entry.id).endsWith(hostile.id),
      );
      // As the document says it (RSS readers and Atom's type="html" read titles as HTML): no markup.
      const title = text(xmlItem?.title);
      expect(title).not.toContain('<');
      expect(title).toContain('&lt;script&gt;');
      const parsed = parseFeed(response.body).items.find((entry) => entry.id === `urn:uuid:${hostile.id}`);
      expect(parsed?.title).toBe(HOSTILE_TITLE);
    });
  });

  describe('edits', () => {
    it('keep a post’s GUID, link and publication date; only its updated date and words change', async () => {
      const [target] = await newest20(alice.id);
      if (!target) throw new Error('alice has no posts');
      const before = Object.fromEntries(
        await Promise.all(FORMATS.map(async (format) => [format, (await fetchFeed(format)).body] as const)),
      ) as Record<FeedFormat, string>;

      const edited = await request<{ response: Post }>(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${target.id}`,
        token: alice.token,
        payload: { title: 'Alice 21, revised', content: 'New words' },
      });
      expect(edited.status).toBe(200);
      expect(edited.body.response.updatedAt > target.updatedAt).toBe(true);

      for (const format of FORMATS) {
        const after = (await fetchFeed(format)).body;
        const find = (body: string) =>
          parseFeed(body).items.find((item) => item.id === `urn:uuid:${target.id}`);
        const old = find(before[format]);
        const now = find(after);
        expect(now?.id).toBe(old?.id);
        expect(now?.url).toBe(old?.url);
        expect(now?.url).toBe(`${PUBLIC_URL}/readblog?id=${target.id}`);
        expect(now?.published?.getTime()).toBe(old?.published?.getTime());
        expect(now?.title).toBe('Alice 21, revised');
        expect(now?.content).toContain('New words');
        if (format === 'atom') {
          expect(now?.updated?.toISOString()).toBe(edited.body.response.updatedAt);
          expect(text(at(parseXml(after), 'feed', 'updated'))).toBe(edited.body.response.updatedAt);
        }
        expect(after).not.toBe(before[format]);
      }
    });
  });

  describe('one author’s feed', () => {
    it.each(FORMATS)(
      '%s: only their posts, newest first, named and linked to their profile',
      async (format) => {
        const response = await fetchFeed(format, bob.id);
        const parsed = parseFeed(response.body);
        const bobs = await newest20(bob.id);
        expect(bobs).toHaveLength(3);
        expect(parsed.items.map((item) => item.id)).toEqual(bobs.map((post) => `urn:uuid:${post.id}`));
        for (const item of parsed.items)
          expect(item.authors.map((author) => author.name)).toEqual([bob.username]);
        expect(parsed.title).toBe(`${bob.username} · Inkwell`);
        expect(parsed.url).toBe(`${PUBLIC_URL}/@${await handleOf(ctx, bob.id)}`);
        expect(parsed.self).toBe(`${PUBLIC_URL}${FEED_PATHS[format]}?userId=${bob.id}`);

        const alices = parseFeed((await fetchFeed(format, alice.id)).body);
        expect(alices.items.map((item) => item.id)).toEqual(
          (await newest20(alice.id)).map((post) => `urn:uuid:${post.id}`),
        );
        expect(alices.items).toHaveLength(20);
      },
    );

    it.each(FORMATS)('%s: an author without posts has an empty feed', async (format) => {
      const parsed = parseFeed((await fetchFeed(format, quiet.id)).body);
      expect(parsed.items).toEqual([]);
      expect(parsed.title).toBe(`${quiet.username} · Inkwell`);
    });

    const notFoundCases: [FeedFormat, string, () => string][] = FORMATS.flatMap((format) => [
      [format, 'an unknown author', () => `userId=${uuidv7()}`],
      [format, 'a malformed id', () => 'userId=not-a-uuid'],
      [format, 'SQL in the id', () => `userId=${encodeURIComponent("' or 1=1 --")}`],
      [format, 'an empty id', () => 'userId='],
      [format, 'two ids', () => `userId=${alice.id}&userId=${bob.id}`],
    ]);
    it.each(notFoundCases)('%s: 404 for %s', async (format, _case, query) => {
      const response = await request(ctx, { method: 'GET', url: `${FEED_PATHS[format]}?${query()}` });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'User not found' });
    });
  });

  describe.each(FORMATS)('%s: conditional requests', (format) => {
    it('answers 304 to If-None-Match and If-Modified-Since, and 200 once the feed changes', async () => {
      const url = feedPath(format);
      const first = await ctx.app.inject({ method: 'GET', url });
      const etag = first.headers.etag;
      const lastModified = first.headers['last-modified'];
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(lastModified).toMatch(RFC_822);
      const newest =
        (await newest20())
          .map((post) => post.updatedAt)
          .sort()
          .at(-1) ?? '';
      expect(lastModified).toBe(new Date(newest).toUTCString());
      expect(first.headers['cache-control']).toMatch(/max-age=\d+/);

      const byTag = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(etag) } });
      expect(byTag.statusCode).toBe(304);
      expect(byTag.body).toBe('');
      expect(byTag.headers.etag).toBe(etag);

      const byDate = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-modified-since': String(lastModified) },
      });
      expect(byDate.statusCode).toBe(304);

      const older = new Date(Date.parse(String(lastModified)) - 3_600_000).toUTCString();
      const stale = await ctx.app.inject({ method: 'GET', url, headers: { 'if-modified-since': older } });
      expect(stale.statusCode).toBe(200);
      expect(stale.body).toBe(first.body);

      // If-None-Match wins over If-Modified-Since (RFC 9110 §13.2.2).
      const mismatch = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': '"something-else"', 'if-modified-since': String(lastModified) },
      });
      expect(mismatch.statusCode).toBe(200);

      await createPost(ctx, bob, { title: `New for ${format}` });
      const changed = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(etag) },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(parseFeed(changed.body).items[0]?.title).toBe(`New for ${format}`);
    });
  });

  describe('addresses', () => {
    it.each(FORMATS)(
      '%s: every link is built from PUBLIC_URL, never from the Host header',
      async (format) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: feedPath(format, { userId: bob.id }),
          headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('attacker.example');
        expect(response.body).toContain(`${PUBLIC_URL}/readblog?id=`);
      },
    );

    it.each(FORMATS)('%s: HEAD answers the headers alone', async (format) => {
      const response = await ctx.app.inject({ method: 'HEAD', url: feedPath(format) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain(format === 'rss' ? 'rss+xml' : 'atom+xml');
      expect(response.body).toBe('');
    });
  });
});
