import { createSocket } from 'node:dgram';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Post } from '../../contracts/posts';
import type { DomainStatus, Membership, PublicationDetails } from '../../contracts/publications';
import {
  DOMAIN_OURS_MESSAGE,
  DOMAIN_TAKEN_MESSAGE,
  LOGO_NOT_FOUND_MESSAGE,
} from '../../contracts/publications';
import { startDnsServer } from './support/dns-server';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { photo, upload } from './support/media';
import { attributeValues, titleOf } from './support/pages';
import { createPost, createPosts, newestFirst } from './support/posts';
import { createPublication } from './support/publications';
import { parseUrlSet } from './support/xml';

// A real DNS server on loopback answers the custom-domain checks.
const dns = await startDnsServer();
afterAll(() => dns.close());

const BASE = 'sites.test';

const page = (ctx: ApiContext, host: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { host } });

/** Whether the main site's sitemaps (the index, then each child) list the read page of `postId`. */
async function mainSitemapLists(ctx: ApiContext, postId: string): Promise<boolean> {
  const index = await page(ctx, 'inkwell.test', '/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  for (const child of children) {
    const sitemap = await page(
      ctx,
      'inkwell.test',
      `${child.pathname}${child.search}`.replaceAll('&amp;', '&'),
    );
    expect(sitemap.statusCode).toBe(200);
    if (parseUrlSet(sitemap.body).some((entry) => entry.loc.endsWith(`/readblog?id=${postId}`))) return true;
  }
  return false;
}

async function ownSlug(ctx: ApiContext, user: TestUser): Promise<string> {
  const mine = await request<{ response: Membership[] }>(ctx, {
    method: 'GET',
    url: '/api/user/publications',
    token: user.token,
  });
  const slug = mine.body.response[0]?.publication.slug;
  if (!slug) throw new Error('no own blog');
  return slug;
}

async function claimDomain(ctx: ApiContext, owner: TestUser, slug: string, domain: string) {
  const claimed = await request<{ response: DomainStatus }>(ctx, {
    method: 'PUT',
    url: `/api/publications/${slug}/domain`,
    token: owner.token,
    payload: { domain },
  });
  expect(claimed.status).toBe(200);
  return claimed.body.response;
}

async function domainStatus(ctx: ApiContext, owner: TestUser, slug: string): Promise<DomainStatus> {
  const status = await request<{ response: DomainStatus }>(ctx, {
    method: 'GET',
    url: `/api/publications/${slug}/domain`,
    token: owner.token,
  });
  expect(status.status).toBe(200);
  return status.body.response;
}

/** Claimed, its record published and checked by the owner: verified and served. */
async function verifiedDomain(ctx: ApiContext, owner: TestUser, slug: string, domain: string) {
  const claimed = await claimDomain(ctx, owner, slug, domain);
  dns.txt.set(`_inkwell-challenge.${domain}`, [[claimed.record.value]]);
  const verified = await request<{ response: DomainStatus }>(ctx, {
    method: 'POST',
    url: `/api/publications/${slug}/domain/verify`,
    token: owner.token,
  });
  expect(verified.body.response.state).toBe('verified');
  return verified.body.response;
}

/** How many times the test DNS server was asked about a domain's challenge name. */
const lookupsOf = (domain: string) =>
  dns.queries.filter((name) => name === `_inkwell-challenge.${domain}`).length;

/**
 * The periodic re-check's clock: hours ahead of the real one and of every earlier call (both
 * databases' runs share it), so each call finds every domain due unless a test says otherwise.
 */
let clock = Date.now();
function later(hours = 2): Date {
  clock += hours * 60 * 60_000;
  return new Date(clock);
}

/** Another instance of the app on the same database, its DNS checks asking `dnsResolvers`. */
async function secondInstance(ctx: ApiContext, dnsResolvers: string[]): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ baseDomain: BASE, dnsResolvers }),
    database: ctx.database,
  });
  await app.ready();
  return app;
}

/** A UDP port nothing listens on (bound, then let go): queries to it are refused at once. */
async function freeUdpPort(): Promise<number> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

/** The addresses (slugs, decision 79) of the posts a site's home lists, in the order shown. */
const entrySlugs = (html: string) =>
  [...html.matchAll(/<li class="entry">\s*<h2><a href="[^"]*\/posts\/([^"/]+)">/g)].map(
    (match) => match[1] ?? '',
  );

/** One GET over a real socket with the Host given, through the response cache's front door. */
function getOverSocket(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachDatabase(
  "publications' own sites: sub-domains, custom domains, unknown hosts",
  (ctx) => {
    it("names a post's topics on its site by the names they were typed with", async () => {
      const writer = await signUpUser(ctx, { username: 'Typed Topics' });
      const post = await createPost(ctx, writer, { title: 'Two languages', tags: ['C++', 'C'] });
      const read = await page(ctx, `${await ownSlug(ctx, writer)}.${BASE}`, `/posts/${post.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.body).toContain('<ul class="tags" aria-label="Topics"><li>C++</li><li>C</li></ul>');
    });

    it("serves a writer's blog at its sub-domain: home, post pages, about, feeds, sitemap, robots.txt", async () => {
      const ada = await signUpUser(ctx, { username: 'Ada Sites' });
      const other = await signUpUser(ctx);
      const slug = await ownSlug(ctx, ada);
      expect(slug).toBe('ada-sites');
      const post = await createPost(ctx, ada, { title: 'Notes & <letters>', content: 'On the **engine**.' });
      const elsewhere = await createPost(ctx, other, { title: 'Not in this blog' });
      const host = `${slug}.${BASE}`;
      const url = `http://${host}`;

      const home = await page(ctx, host, '/');
      expect(home.statusCode).toBe(200);
      expect(home.headers['content-type']).toContain('text/html');
      expect(home.body).toContain('<a class="pub-name" href="http://ada-sites.sites.test/">Ada Sites</a>');
      expect(home.body).toContain('Notes &amp; &lt;letters&gt;');
      expect(home.body).not.toContain('Not in this blog');
      expect(home.body).toContain(`<link rel="canonical" href="${url}/">`);

      const read = await page(ctx, host, `/posts/${post.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.body).toContain('<strong>engine</strong>');
      // Its address is its slug (decision 79); the id address still answers, naming the slug canonical.
      expect(post.slug).toBe('notes-letters');
      expect(read.body).toContain(`<link rel="canonical" href="${url}/posts/notes-letters">`);
      expect((await page(ctx, host, '/posts/notes-letters')).body).toContain('<strong>engine</strong>');
      // Discussion stays on the main site.
      expect(read.body).toContain(`http://inkwell.test/readblog?id=${post.id}`);
      expect((await page(ctx, host, `/posts/${elsewhere.id}`)).statusCode).toBe(404);
      expect((await page(ctx, host, '/posts/not-an-id')).statusCode).toBe(404);
      expect((await page(ctx, host, '/?cursor=garbage')).statusCode).toBe(404);

      const about = await page(ctx, host, '/about');
      expect(about.statusCode).toBe(200);
      expect(about.body).toContain('Written by');
      expect(about.body).toContain(`http://inkwell.test/@${await handleOf(ctx, ada.id)}`);

      const rss = await page(ctx, host, '/rss.xml');
      expect(rss.statusCode).toBe(200);
      expect(rss.headers['content-type']).toContain('application/rss+xml');
      expect(rss.body).toContain(`<link>${url}/posts/notes-letters</link>`);
      expect(rss.body).not.toContain(elsewhere.id);
      const atom = await page(ctx, host, '/atom.xml');
      expect(atom.headers['content-type']).toContain('application/atom+xml');
      expect(atom.body).toContain(`${url}/posts/notes-letters`);
      const sitemap = await page(ctx, host, '/sitemap.xml');
      expect(sitemap.body).toContain(`<loc>${url}/posts/notes-letters</loc>`);
      const robots = await page(ctx, host, '/robots.txt');
      expect(robots.body).toContain(`Sitemap: ${url}/sitemap.xml`);

      // The same site lives under /pub/SLUG on the main site, its links pointing at the sub-domain.
      const byPath = await page(ctx, 'inkwell.test', `/pub/${slug}`);
      expect(byPath.statusCode).toBe(200);
      expect(byPath.body).toContain(`<link rel="canonical" href="${url}/">`);
      // Its stylesheet lives at the sub-domain, which the page's policy names.
      expect(byPath.body).toContain(`<link rel="stylesheet" href="${url}/site.css?v=`);
      expect(byPath.headers['content-security-policy']).toContain(`style-src 'self' ${url};`);
    });

    it('shows a writer\'s links on their blog\'s home, each rel="me", and leads with their pinned post', async () => {
      const writer = await signUpUser(ctx, { username: 'Linked Sites' });
      const pinned = await createPost(ctx, writer, { title: 'Start here' });
      await createPost(ctx, writer, { title: 'Newer news' });
      const links = await request(ctx, {
        method: 'PUT',
        url: '/api/user/links',
        token: writer.token,
        payload: { website: 'https://linked.example/', elsewhere: ['https://mastodon.example/@linked'] },
      });
      expect(links.status, JSON.stringify(links.body)).toBe(200);
      const pin = await request(ctx, {
        method: 'PUT',
        url: '/api/user/pinned',
        token: writer.token,
        payload: { postId: pinned.id },
      });
      expect(pin.status, JSON.stringify(pin.body)).toBe(200);
      const host = `${await ownSlug(ctx, writer)}.${BASE}`;

      const home = await page(ctx, host, '/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain(
        '<ul class="links" aria-label="Links"><li><a href="https://linked.example/" rel="me nofollow noopener">linked.example</a></li>' +
          '<li><a href="https://mastodon.example/@linked" rel="me nofollow noopener">@linked@mastodon.example</a></li></ul>',
      );
      // The pinned post comes first, marked, above the newest.
      const marked = home.body.indexOf('<p class="pin" id="pinned-label">Pinned</p>');
      expect(marked).toBeGreaterThan(-1);
      expect(home.body.indexOf('Start here')).toBeGreaterThan(marked);
      expect(home.body.indexOf('Start here')).toBeLessThan(home.body.indexOf('Newer news'));
      // A team publication has no links of its own.
      const owner = await signUpUser(ctx);
      await createPublication(ctx, owner, 'linkless-team');
      const team = await page(ctx, `linkless-team.${BASE}`, '/');
      expect(team.statusCode).toBe(200);
      expect(team.body).not.toContain('rel="me');
    });

    it("pages a site's home newest first, 20 at a time, its older link leading to the rest", async () => {
      const writer = await signUpUser(ctx, { username: 'Paged Sites' });
      const slug = await ownSlug(ctx, writer);
      const host = `${slug}.${BASE}`;
      const posts = await createPosts(ctx, writer, 25);
      const newest = newestFirst(posts).map((id) => posts.find((post) => post.id === id)?.slug);

      const first = await page(ctx, host, '/');
      expect(first.statusCode).toBe(200);
      expect(entrySlugs(first.body)).toEqual(newest.slice(0, 20));
      expect(titleOf(first.body)).toBe('Paged Sites');
      const [older] = attributeValues(first.body, /<a rel="next"[^>]*>/, 'href');
      if (older === undefined) throw new Error('no link to older posts on a full page');
      // The link stays on the site's own address.
      expect(older.startsWith(`http://${host}/?cursor=`)).toBe(true);

      const second = await page(ctx, host, new URL(older).pathname + new URL(older).search);
      expect(second.statusCode).toBe(200);
      expect(titleOf(second.body)).toBe('Older posts · Paged Sites');
      expect(entrySlugs(second.body)).toEqual(newest.slice(20));
      expect(new Set([...entrySlugs(first.body), ...entrySlugs(second.body)]).size).toBe(25);
      // The oldest page is the last: nothing older to offer.
      expect(attributeValues(second.body, /<a rel="next"[^>]*>/, 'href')).toEqual([]);
      expect(second.body).not.toContain('Older posts</a>');
    });

    it("shows a team's members on its about page, in its accent colour", async () => {
      const owner = await signUpUser(ctx);
      const created = await request<{ response: PublicationDetails }>(ctx, {
        method: 'POST',
        url: '/api/publications',
        token: owner.token,
        payload: { slug: 'night-shift', name: 'Night Shift', accentColor: '#102030' },
      });
      expect(created.body.response.url).toBe(`http://night-shift.${BASE}`);
      const about = await page(ctx, `night-shift.${BASE}`, '/about');
      expect(about.body).toContain('<h2>Members</h2>');
      expect(about.body).toContain(`${owner.username}</a> <span class="role">Owner</span>`);
      const stylesheet = about.body.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1] ?? '';
      const css = await page(
        ctx,
        `night-shift.${BASE}`,
        new URL(stylesheet).pathname + new URL(stylesheet).search,
      );
      expect(css.statusCode).toBe(200);
      // A dark band gets white text, whatever the owner picked.
      expect(css.body).toContain('--accent:#102030;--on-accent:#ffffff');
    });

    it('shows a logo the owner uploaded, and refuses a picture somebody else uploaded', async () => {
      const owner = await signUpUser(ctx, { username: 'Logo Owner' });
      const stranger = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const theirs = await upload(ctx, stranger.token, await photo(64, 64, { format: 'png' }), {
        contentType: 'image/png',
        filename: 'logo.png',
      });
      const refused = await request<{ errors: Record<string, string[]> }>(ctx, {
        method: 'PUT',
        url: `/api/publications/${slug}`,
        token: owner.token,
        payload: { logoId: theirs.body.response.id },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.logoId).toEqual([LOGO_NOT_FOUND_MESSAGE]);

      const mine = await upload(ctx, owner.token, await photo(64, 64, { format: 'png' }), {
        contentType: 'image/png',
        filename: 'logo.png',
      });
      const updated = await request<{ response: PublicationDetails }>(ctx, {
        method: 'PUT',
        url: `/api/publications/${slug}`,
        token: owner.token,
        payload: { logoId: mine.body.response.id },
      });
      expect(updated.status).toBe(200);
      const logoUrl = updated.body.response.logoUrl;
      expect(logoUrl).toMatch(new RegExp(`^/media/${mine.body.response.id}/\\d+\\.webp$`));
      const home = await page(ctx, `${slug}.${BASE}`, '/');
      expect(home.body).toContain(`<img class="pub-logo" src="http://inkwell.test${logoUrl ?? ''}" alt=""`);
      const removed = await request<{ response: PublicationDetails }>(ctx, {
        method: 'PUT',
        url: `/api/publications/${slug}`,
        token: owner.token,
        payload: { logoId: null },
      });
      expect(removed.body.response.logoUrl).toBeNull();
    });

    it('answers an unknown or reserved sub-domain with 404 and never the main site or its API', async () => {
      for (const host of [`nobody-here.${BASE}`, `www.${BASE}`, `a.b.${BASE}`]) {
        const home = await page(ctx, host, '/');
        expect(home.statusCode, host).toBe(404);
        expect(home.body).toContain('No publication lives at this address');
      }
      const owner = await signUpUser(ctx, { username: 'Api Probe' });
      const api = await page(ctx, `${await ownSlug(ctx, owner)}.${BASE}`, '/api/post/blog/all');
      expect(api.statusCode).toBe(404);
      expect(api.body).not.toContain('"response"');
    });

    it('serves the main site to any host that is not ours, with links from PUBLIC_URL only', async () => {
      const writer = await signUpUser(ctx, { username: 'Spoof Target' });
      await createPost(ctx, writer, { title: 'Main site post' });
      for (const host of ['evil.example', `spoof-target.${BASE}.evil.example`, '127.0.0.1:3000']) {
        const robots = await page(ctx, host, '/robots.txt');
        expect(robots.statusCode, host).toBe(200);
        expect(robots.body).toContain('Sitemap: http://inkwell.test/sitemap.xml');
        expect(robots.body).not.toContain('evil');
        const list = await page(ctx, host, '/api/post/blog/all');
        expect(list.statusCode, host).toBe(200);
      }
      // Case and port do not matter to the host's name.
      const upper = await page(ctx, `SPOOF-TARGET.${BASE.toUpperCase()}:8080`, '/');
      expect(upper.statusCode).toBe(200);
      expect(upper.body).toContain('Spoof Target');
    });

    it('never serves a cached main-site answer for a publication host (through the front door)', async () => {
      const writer = await signUpUser(ctx, { username: 'Cache Check' });
      await createPost(ctx, writer, { title: 'Cached list entry' });
      const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const port = Number(new URL(address).port);
      const main = await getOverSocket(port, 'inkwell.test', '/api/post/blog/all');
      expect(main.status).toBe(200);
      expect((await getOverSocket(port, 'inkwell.test', '/api/post/blog/all')).body).toBe(main.body);
      const site = await getOverSocket(port, `cache-check.${BASE}`, '/api/post/blog/all');
      expect(site.status).toBe(404);
      expect(site.body).not.toContain('Cached list entry');
    });

    it('verifies a custom domain by its DNS TXT record and then serves the publication there', async () => {
      const owner = await signUpUser(ctx, { username: 'Domain Owner' });
      const writer = await signUpUser(ctx);
      const slug = await ownSlug(ctx, owner);
      const post = await createPost(ctx, owner, { title: 'On my own domain' });
      const elsewhere = await createPost(ctx, writer, { title: 'On the main site' });
      expect(await mainSitemapLists(ctx, post.id)).toBe(true);
      const domain = 'blog.domain-owner.example';
      // The DNS server outlives each database's run of this suite: start from no records.
      dns.txt.clear();
      // None claimed yet: an answer, not a missing resource (the settings page asks on every load).
      const none = await request(ctx, {
        method: 'GET',
        url: `/api/publications/${slug}/domain`,
        token: owner.token,
      });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ response: null });

      const claimed = await request<{ response: DomainStatus }>(ctx, {
        method: 'PUT',
        url: `/api/publications/${slug}/domain`,
        token: owner.token,
        payload: { domain: 'Blog.Domain-Owner.Example.' },
      });
      expect(claimed.status).toBe(200);
      expect(claimed.body.response).toMatchObject({
        domain,
        state: 'pending',
        record: { type: 'TXT', name: `_inkwell-challenge.${domain}` },
        // Where to point it: a name under a registered domain follows BASE_DOMAIN with a CNAME.
        pointing: { target: BASE, records: [{ type: 'CNAME', name: domain, value: BASE }] },
        url: `http://${domain}`,
      });
      expect(await domainStatus(ctx, owner, slug)).toEqual(claimed.body.response);
      // Not verified: the host is none of ours yet, so it is the main site, not the blog.
      const before = await page(ctx, domain, '/');
      expect(before.body).not.toContain('On my own domain');
      const askBefore = await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`);
      expect(askBefore.statusCode).toBe(404);

      const missing = await request<{ response: DomainStatus }>(ctx, {
        method: 'POST',
        url: `/api/publications/${slug}/domain/verify`,
        token: owner.token,
      });
      expect(missing.body.response.state).toBe('failed');
      expect(missing.body.response.failure).toContain('No TXT record was found');

      dns.txt.set(`_inkwell-challenge.${domain}`, [['inkwell-verify=wrong']]);
      const wrong = await request<{ response: DomainStatus }>(ctx, {
        method: 'POST',
        url: `/api/publications/${slug}/domain/verify`,
        token: owner.token,
      });
      expect(wrong.body.response.failure).toContain("does not carry this publication's token");

      // A long record arrives split in strings; DNS means them joined.
      const value = claimed.body.response.record.value;
      dns.txt.set(`_inkwell-challenge.${domain}`, [['v=spf1 -all'], [value.slice(0, 10), value.slice(10)]]);
      const verified = await request<{ response: DomainStatus }>(ctx, {
        method: 'POST',
        url: `/api/publications/${slug}/domain/verify`,
        token: owner.token,
      });
      expect(verified.body.response).toMatchObject({ state: 'verified', failure: null });

      const home = await page(ctx, domain, '/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('On my own domain');
      expect(home.body).toContain(`<link rel="canonical" href="http://${domain}/">`);
      const feed = await page(ctx, domain, '/rss.xml');
      expect(feed.body).toContain(`<link>http://${domain}/posts/${post.slug}</link>`);
      // The main site's sitemap leaves the post to the domain's, where its canonical address is.
      expect(await mainSitemapLists(ctx, post.id)).toBe(false);
      expect(await mainSitemapLists(ctx, elsewhere.id)).toBe(true);
      // Its sitemap and robots.txt name the domain only, at the domain and at the sub-domain alike.
      for (const host of [domain, `${slug}.${BASE}`]) {
        const sitemap = await page(ctx, host, '/sitemap.xml');
        expect(sitemap.statusCode, host).toBe(200);
        const locs = parseUrlSet(sitemap.body).map((entry) => entry.loc);
        expect(locs, host).toEqual([
          `http://${domain}/`,
          `http://${domain}/about`,
          `http://${domain}/posts/${post.slug}`,
        ]);
        const robots = await page(ctx, host, '/robots.txt');
        expect(robots.statusCode, host).toBe(200);
        expect(robots.body, host).toContain(`Sitemap: http://${domain}/sitemap.xml`);
        expect(robots.body, host).not.toContain(BASE);
      }
      // The sub-domain now names the domain as canonical, and posts carry it for the main site's link.
      expect((await page(ctx, `${slug}.${BASE}`, '/')).body).toContain(`href="http://${domain}/"`);
      const read = await request<{ response: Post }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${post.id}`,
      });
      expect(read.body.response.publication?.domain).toBe(domain);

      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(200);
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${slug}.${BASE}`)).statusCode).toBe(
        200,
      );
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=nobody.${BASE}`)).statusCode).toBe(
        404,
      );
      expect((await page(ctx, 'inkwell.test', '/api/domains/ask?domain=random.example')).statusCode).toBe(
        404,
      );

      // Nobody else claims it, and nobody claims the instance's own names.
      const writerSlug = await ownSlug(ctx, writer);
      const stolen = await request(ctx, {
        method: 'PUT',
        url: `/api/publications/${writerSlug}/domain`,
        token: writer.token,
        payload: { domain },
      });
      expect(stolen.status).toBe(409);
      expect(stolen.body).toMatchObject({ message: DOMAIN_TAKEN_MESSAGE });
      for (const ours of ['inkwell.test', `shop.${BASE}`]) {
        const refused = await request(ctx, {
          method: 'PUT',
          url: `/api/publications/${writerSlug}/domain`,
          token: writer.token,
          payload: { domain: ours },
        });
        expect(refused.status).toBe(400);
        expect(refused.body).toMatchObject({ message: DOMAIN_OURS_MESSAGE });
      }
      // Only the owner manages the domain.
      const peek = await request(ctx, {
        method: 'GET',
        url: `/api/publications/${slug}/domain`,
        token: writer.token,
      });
      expect(peek.status).toBe(403);

      // Removed: the domain stops serving the blog at once.
      const removed = await request(ctx, {
        method: 'DELETE',
        url: `/api/publications/${slug}/domain`,
        token: owner.token,
      });
      expect(removed.status).toBe(204);
      expect((await page(ctx, domain, '/')).body).not.toContain('On my own domain');
      const gone = await request(ctx, {
        method: 'GET',
        url: `/api/publications/${slug}/domain`,
        token: owner.token,
      });
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ response: null });

      // An apex takes no CNAME: A and AAAA records, at an address the server does not claim to know.
      const apex = await claimDomain(ctx, owner, slug, 'domain-owner.example');
      expect(apex.pointing).toEqual({
        target: BASE,
        records: [
          { type: 'A', name: 'domain-owner.example', value: null },
          { type: 'AAAA', name: 'domain-owner.example', value: null },
        ],
      });
    });

    it('re-checks a pending domain periodically and verifies it once its TXT record appears', async () => {
      const owner = await signUpUser(ctx, { username: 'Patient Owner' });
      const slug = await ownSlug(ctx, owner);
      await createPost(ctx, owner, { title: 'Waiting for DNS' });
      const domain = `blog.patient-owner-${ctx.dialect}.example`;
      const claimed = await claimDomain(ctx, owner, slug, domain);
      expect(claimed.state).toBe('pending');

      // No record yet: still pending (the owner is setting it up), told why, not served.
      const early = await ctx.app.domainChecks.recheckDueDomains(later());
      expect(early.errors).toEqual([]);
      expect(lookupsOf(domain)).toBe(1);
      const waiting = await domainStatus(ctx, owner, slug);
      expect(waiting).toMatchObject({ state: 'pending' });
      expect(waiting.failure).toContain('No TXT record was found');
      expect((await page(ctx, domain, '/')).body).not.toContain('Waiting for DNS');

      dns.txt.set(`_inkwell-challenge.${domain}`, [[claimed.record.value]]);
      const found = await ctx.app.domainChecks.recheckDueDomains(later());
      expect(found.changed).toContainEqual({ domain, from: 'pending', to: 'verified' });
      expect(await domainStatus(ctx, owner, slug)).toMatchObject({ state: 'verified', failure: null });
      // The host router was told: the domain serves the site at once, and Caddy may get a certificate.
      const home = await page(ctx, domain, '/');
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('Waiting for DNS');
      expect(home.body).toContain(`<link rel="canonical" href="http://${domain}/">`);
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(200);
    });

    it('fails a verified domain whose TXT record is gone: no longer served, no certificate', async () => {
      const owner = await signUpUser(ctx, { username: 'Sold Domain' });
      const slug = await ownSlug(ctx, owner);
      await createPost(ctx, owner, { title: 'Before the sale' });
      const domain = `blog.sold-domain-${ctx.dialect}.example`;
      await verifiedDomain(ctx, owner, slug, domain);
      expect((await page(ctx, domain, '/')).body).toContain('Before the sale');

      // Still there: a re-check changes nothing.
      expect((await ctx.app.domainChecks.recheckDueDomains(later())).changed).toEqual([]);
      expect(lookupsOf(domain)).toBe(2);
      expect((await domainStatus(ctx, owner, slug)).state).toBe('verified');

      // The domain changed hands: its record is gone, a definitive answer.
      dns.txt.delete(`_inkwell-challenge.${domain}`);
      const gone = await ctx.app.domainChecks.recheckDueDomains(later());
      expect(gone.changed).toContainEqual({ domain, from: 'verified', to: 'failed' });
      const status = await domainStatus(ctx, owner, slug);
      expect(status.state).toBe('failed');
      expect(status.failure).toContain('No TXT record was found');
      expect((await page(ctx, domain, '/')).body).not.toContain('Before the sale');
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(404);
    });

    it('fails a verified domain whose TXT record no longer carries its token', async () => {
      const owner = await signUpUser(ctx, { username: 'Moved Domain' });
      const slug = await ownSlug(ctx, owner);
      const domain = `blog.moved-domain-${ctx.dialect}.example`;
      await verifiedDomain(ctx, owner, slug, domain);
      dns.txt.set(`_inkwell-challenge.${domain}`, [['inkwell-verify=somebody-else']]);
      await ctx.app.domainChecks.recheckDueDomains(later());
      const status = await domainStatus(ctx, owner, slug);
      expect(status.state).toBe('failed');
      expect(status.failure).toContain("does not carry this publication's token");
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(404);
    });

    it('keeps a verified domain verified and served while DNS does not answer', async () => {
      const owner = await signUpUser(ctx, { username: 'Dns Outage' });
      const slug = await ownSlug(ctx, owner);
      await createPost(ctx, owner, { title: 'Through the outage' });
      const domain = `blog.dns-outage-${ctx.dialect}.example`;
      const pendingDomain = `blog.still-pending-${ctx.dialect}.example`;
      const verified = await verifiedDomain(ctx, owner, slug, domain);
      const other = await signUpUser(ctx);
      const otherSlug = await ownSlug(ctx, other);
      await claimDomain(ctx, other, otherSlug, pendingDomain);

      // The test server answers SERVFAIL: DNS was asked and did not say no.
      dns.failing.add(`_inkwell-challenge.${domain}`);
      dns.failing.add(`_inkwell-challenge.${pendingDomain}`);
      const at = later();
      const outage = await ctx.app.domainChecks.recheckDueDomains(at);
      expect(lookupsOf(domain)).toBeGreaterThanOrEqual(2);
      expect(lookupsOf(pendingDomain)).toBeGreaterThanOrEqual(1);
      expect(outage.changed).toEqual([]);
      // Nothing recorded but the time of the check.
      expect(await domainStatus(ctx, owner, slug)).toEqual({
        ...verified,
        checkedAt: at.toISOString(),
      });
      expect(await domainStatus(ctx, other, otherSlug)).toMatchObject({
        state: 'pending',
        failure: null,
        checkedAt: at.toISOString(),
      });
      expect((await page(ctx, domain, '/')).body).toContain('Through the outage');
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(200);

      // The owner's "Check now" follows the same rule: told why, still verified and served.
      const pressed = await request<{ response: DomainStatus }>(ctx, {
        method: 'POST',
        url: `/api/publications/${slug}/domain/verify`,
        token: owner.token,
      });
      expect(pressed.body.response.state).toBe('verified');
      expect(pressed.body.response.failure).toContain('DNS did not answer');
      expect((await page(ctx, domain, '/')).body).toContain('Through the outage');
      dns.failing.clear();

      // An instance whose resolver is unreachable (nothing listens on its port) keeps it too.
      const closedPort = await freeUdpPort();
      const cutOff = await secondInstance(ctx, [`127.0.0.1:${closedPort}`]);
      try {
        const unreachable = await cutOff.domainChecks.recheckDueDomains(later());
        expect(unreachable.checked).toBeGreaterThanOrEqual(2);
        expect(unreachable.changed).toEqual([]);
        expect(unreachable.errors).toEqual([]);
      } finally {
        await cutOff.close();
      }
      expect((await domainStatus(ctx, owner, slug)).state).toBe('verified');
      expect((await domainStatus(ctx, other, otherSlug)).state).toBe('pending');
      expect((await page(ctx, 'inkwell.test', `/api/domains/ask?domain=${domain}`)).statusCode).toBe(200);
    });

    it('checks a domain again only once its interval has passed, and once across two instances', async () => {
      const owner = await signUpUser(ctx, { username: 'Once Only' });
      const slug = await ownSlug(ctx, owner);
      const domain = `blog.once-only-${ctx.dialect}.example`;
      await verifiedDomain(ctx, owner, slug, domain);
      const before = lookupsOf(domain);

      const at = later();
      await ctx.app.domainChecks.recheckDueDomains(at);
      expect(lookupsOf(domain)).toBe(before + 1);
      // Checked half an hour ago (the interval is 60 minutes): not due, not asked.
      const soon = await ctx.app.domainChecks.recheckDueDomains(new Date(at.getTime() + 30 * 60_000));
      expect(soon.checked).toBe(0);
      expect(lookupsOf(domain)).toBe(before + 1);
      expect((await domainStatus(ctx, owner, slug)).checkedAt).toBe(at.toISOString());
      // An hour and a minute after: due again.
      await ctx.app.domainChecks.recheckDueDomains(new Date(at.getTime() + 61 * 60_000));
      expect(lookupsOf(domain)).toBe(before + 2);

      // Two instances on one database tick at the same moment: one claims the domain, one asks DNS.
      const other = await secondInstance(ctx, [dns.address]);
      try {
        // Past the check an hour and a minute after `at`, by more than an interval.
        const now = later(3);
        const [first, second] = await Promise.all([
          ctx.app.domainChecks.recheckDueDomains(now),
          other.domainChecks.recheckDueDomains(now),
        ]);
        expect(lookupsOf(domain)).toBe(before + 3);
        // Every domain due was checked by exactly one of them.
        expect(first.checked + second.checked).toBe(Math.max(first.due, second.due));
      } finally {
        await other.close();
      }
      expect((await domainStatus(ctx, owner, slug)).state).toBe('verified');
    });
  },
  { config: { baseDomain: BASE, dnsResolvers: [dns.address] } },
);
