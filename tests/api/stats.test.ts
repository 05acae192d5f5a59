import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import type { PostStats, PublicationStats, WriterStats } from '../../contracts/stats';
import { buildApp } from '../../server/app';
import { StatsCollector } from '../../server/modules/stats/stats-collector';
import { StatsRepository } from '../../server/modules/stats/stats-repository';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { createPost } from './support/posts';
import { addMember, createPublication } from './support/publications';

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY_MS = 24 * 60 * 60_000;

interface Sent {
  kind?: 'post' | 'profile' | 'publication';
  id: string;
  event?: 'view' | 'read';
  page?: string;
  referrer?: string;
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
  token?: string;
}

/** A page's report, as a browser sends it. */
function report(app: FastifyInstance, sent: Sent) {
  return app.inject({
    method: 'POST',
    url: '/api/stats/event',
    remoteAddress: sent.ip ?? '203.0.113.1',
    headers: {
      'content-type': 'application/json',
      'user-agent': sent.userAgent ?? FIREFOX,
      ...(sent.token ? { authorization: `Bearer ${sent.token}` } : {}),
      ...sent.headers,
    },
    payload: {
      kind: sent.kind ?? 'post',
      id: sent.id,
      event: sent.event ?? 'view',
      ...(sent.page ? { page: sent.page } : {}),
      ...(sent.referrer ? { referrer: sent.referrer } : {}),
    },
  });
}

async function send(app: FastifyInstance, sent: Sent): Promise<void> {
  const answer = await report(app, sent);
  expect(answer.statusCode, answer.body).toBe(204);
}

const flush = (ctx: { app: FastifyInstance }) => ctx.app.stats.collector.flush();

const postStats = (ctx: ApiContext, user: TestUser | undefined, query: string) =>
  request<PostStats & { message?: string }>(ctx, {
    method: 'GET',
    url: `/api/stats/post?${query}`,
    ...(user ? { token: user.token } : {}),
  });

describeEachDatabase('stats', (ctx) => {
  let writer: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    writer = await signUpUser(ctx, { username: `stats writer ${process.pid}` });
    stranger = await signUpUser(ctx, { username: `stats stranger ${process.pid}` });
  });

  it('counts views, unique visitors, reads and their sources, devices and browsers', async () => {
    const post = await createPost(ctx, writer, { title: 'Counted' });
    const page = `http://inkwell.test/readblog?id=${post.id}`;
    await send(ctx.app, { id: post.id, page: `${page}&ref=newsletter`, ip: '203.0.113.10' });
    await send(ctx.app, { id: post.id, page: `${page}&ref=newsletter`, event: 'read', ip: '203.0.113.10' });
    // The same reader again (same address and browser): a view, not a new visitor.
    await send(ctx.app, {
      id: post.id,
      page,
      referrer: 'https://www.news.example/some/path?q=1',
      ip: '203.0.113.10',
    });
    await send(ctx.app, { id: post.id, page, userAgent: IPHONE, ip: '198.51.100.7' });
    await send(ctx.app, { id: post.id, page, referrer: 'http://inkwell.test/allblog', ip: '198.51.100.8' });
    await flush(ctx);

    const answer = await postStats(ctx, writer, `id=${post.id}&days=7`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stats = answer.body;
    expect(stats).toMatchObject({ post: { id: post.id, title: 'Counted' }, timeZone: 'UTC', days: 7 });
    expect(stats.views).toBe(4);
    expect(stats.visitors).toBe(3);
    expect(stats.reads).toBe(1);
    expect(stats.readRatio).toBe(0.25);
    expect(stats.series).toHaveLength(7);
    expect(stats.series.at(-1)).toMatchObject({ views: 4, visitors: 3, reads: 1 });
    expect(stats.series.slice(0, 6).every((point) => point.views === 0)).toBe(true);
    const sources = Object.fromEntries(stats.sources.map((row) => [row.source, row]));
    expect(sources.newsletter).toEqual({ source: 'newsletter', views: 1, reads: 1 });
    // Only the referring site's host is kept, without "www.", its path or its query.
    expect(sources['news.example']).toEqual({ source: 'news.example', views: 1, reads: 0 });
    expect(sources.Inkwell?.views).toBe(1);
    expect(sources.Direct?.views).toBe(1);
    expect(Object.fromEntries(stats.devices.map((row) => [row.name, row.views]))).toEqual({
      desktop: 3,
      mobile: 1,
    });
    expect(Object.fromEntries(stats.browsers.map((row) => [row.name, row.views]))).toEqual({
      Firefox: 3,
      Safari: 1,
    });

    // Today by the hour.
    const today = await postStats(ctx, writer, `id=${post.id}&days=1`);
    expect(today.body.series).toHaveLength(24);
    expect(today.body.series.reduce((sum, point) => sum + point.views, 0)).toBe(4);
    expect(today.body.series.every((point) => point.visitors === null)).toBe(true);
  });

  it('never counts bots, readers with DNT or GPC, the writer on their own pages, or pages no one can read', async () => {
    const post = await createPost(ctx, writer, { title: 'Left out' });
    const draft = await request<{ response: { id: string } }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Draft', content: 'Not out', status: 'draft' },
    });
    expect(draft.status).toBe(201);
    await send(ctx.app, { id: post.id, userAgent: GOOGLEBOT });
    await send(ctx.app, { id: post.id, userAgent: '' });
    await send(ctx.app, { id: post.id, headers: { dnt: '1' } });
    await send(ctx.app, { id: post.id, headers: { 'sec-gpc': '1' } });
    await send(ctx.app, { id: post.id, token: writer.token });
    await send(ctx.app, { id: draft.body.response.id, token: stranger.token });
    await send(ctx.app, { id: '0190b5c8-3f4e-7c1a-9d2b-5e6f7a8b9c0d' });
    // A stranger signed in is a reader like any other.
    await send(ctx.app, { id: post.id, token: stranger.token });
    await flush(ctx);
    const stats = await postStats(ctx, writer, `id=${post.id}`);
    expect(stats.body).toMatchObject({ views: 1, visitors: 1, reads: 0, days: 30 });
    const drafted = await postStats(ctx, writer, `id=${draft.body.response.id}`);
    expect(drafted.body).toMatchObject({ views: 0, visitors: 0 });
  });

  it('takes sendBeacon text, and answers clear errors for bad events', async () => {
    const post = await createPost(ctx, writer, { title: 'Beacon' });
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: '/api/stats/event',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': FIREFOX },
      payload: JSON.stringify({ kind: 'post', id: post.id, event: 'view' }),
    });
    expect(beacon.statusCode).toBe(204);
    // A publication's site reports from another origin, whose beacon must be let through.
    expect(beacon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/stats/event',
      headers: { 'content-type': 'text/plain', 'user-agent': FIREFOX },
      payload: 'view!',
    });
    expect(notJson.statusCode).toBe(400);
    expect(JSON.parse(notJson.body)).toMatchObject({ message: 'The body must be JSON' });
    const badKind = await ctx.app.inject({
      method: 'POST',
      url: '/api/stats/event',
      headers: { 'user-agent': FIREFOX },
      payload: { kind: 'comment', id: post.id, event: 'view' },
    });
    expect(badKind.statusCode).toBe(400);
    await flush(ctx);
    expect((await postStats(ctx, writer, `id=${post.id}`)).body.views).toBe(1);
  });

  it('shows a post to its writer and its publication’s owner and editors only', async () => {
    const owner = await signUpUser(ctx, { username: `stats owner ${process.pid}` });
    const editor = await signUpUser(ctx, { username: `stats editor ${process.pid}` });
    const member = await signUpUser(ctx, { username: `stats member ${process.pid}` });
    const writer = await signUpUser(ctx, { username: `stats team writer ${process.pid}` });
    const slug = `stats-team-${process.pid}`;
    const team = await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, editor, 'editor');
    await addMember(ctx, owner, slug, member, 'writer');
    await addMember(ctx, owner, slug, writer, 'writer');
    const post = await request<{ response: { id: string } }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Team post', content: 'Together', publication: slug },
    });
    expect(post.status, JSON.stringify(post.body)).toBe(201);
    const id = post.body.response.id;
    await send(ctx.app, { id, ip: '192.0.2.1' });
    await send(ctx.app, { kind: 'publication', id: team.id, ip: '192.0.2.1' });
    await send(ctx.app, { kind: 'profile', id: writer.id, ip: '192.0.2.2' });
    await flush(ctx);

    expect((await postStats(ctx, undefined, `id=${id}`)).status).toBe(401);
    expect((await postStats(ctx, stranger, `id=${id}`)).status).toBe(403);
    expect((await postStats(ctx, member, `id=${id}`)).status).toBe(403);
    for (const allowed of [writer, owner, editor]) {
      const answer = await postStats(ctx, allowed, `id=${id}`);
      expect(answer.status, allowed.username).toBe(200);
      expect(answer.body.views).toBe(1);
    }
    expect((await postStats(ctx, writer, 'id=not-an-id')).status).toBe(404);
    const missing = await postStats(ctx, writer, '');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: 'id is required' });
    for (const days of ['0', '366', 'seven', '1.5']) {
      const bad = await postStats(ctx, writer, `id=${id}&days=${days}`);
      expect(bad.status, days).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('days must be a whole number from 1 to 365');
    }

    const publication = (user: TestUser | undefined, ref: string) =>
      request<PublicationStats>(ctx, {
        method: 'GET',
        url: `/api/stats/publication?id=${ref}&days=7`,
        ...(user ? { token: user.token } : {}),
      });
    expect((await publication(undefined, slug)).status).toBe(401);
    expect((await publication(member, slug)).status).toBe(403);
    expect((await publication(stranger, team.id)).status).toBe(403);
    expect((await publication(owner, 'no-such-team')).status).toBe(404);
    const teamStats = await publication(editor, team.id);
    expect(teamStats.status, JSON.stringify(teamStats.body)).toBe(200);
    // The post and the home page; one reader seen on both is one visitor of the publication.
    expect(teamStats.body).toMatchObject({ views: 2, visitors: 1, live: 1 });
    expect(teamStats.body.topPosts).toEqual([
      { id, title: 'Team post', views: 1, visitors: 1, reads: 0, readRatio: 0 },
    ]);

    const writerStats = await request<WriterStats>(ctx, {
      method: 'GET',
      url: '/api/stats/writer?days=7',
      token: writer.token,
    });
    expect(writerStats.status).toBe(200);
    // Their team post and their profile, seen by two readers.
    expect(writerStats.body).toMatchObject({ views: 2, visitors: 2, live: 2 });
    expect((await request(ctx, { method: 'GET', url: '/api/stats/writer' })).status).toBe(401);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/stats/publication.csv?id=${slug}&days=7`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`inkwell-stats-publication-${slug}-7d.csv`);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('date,page,id,title,views,visitors,reads');
    expect(lines.slice(1).sort()).toEqual(
      [
        `${new Date().toISOString().slice(0, 10)},post,${id},Team post,1,1,0`,
        `${new Date().toISOString().slice(0, 10)},publication,${team.id},,1,1,0`,
      ].sort(),
    );
    const forbiddenCsv = await ctx.app.inject({
      method: 'GET',
      url: `/api/stats/post.csv?id=${id}`,
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(forbiddenCsv.statusCode).toBe(403);
  });

  it("puts one small script on a publication's home and post pages, permitted by its hash", async () => {
    const slug = `stats-site-${process.pid}`;
    const team = await createPublication(ctx, writer, slug);
    const post = await request<{ response: { id: string; readingMinutes: number } }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'On the site', content: 'Words on a site.', publication: slug },
    });
    expect(post.status).toBe(201);
    const pages = [
      { url: `/pub/${slug}/`, kind: 'publication', id: team.id },
      { url: `/pub/${slug}/posts/${post.body.response.id}`, kind: 'post', id: post.body.response.id },
    ];
    for (const page of pages) {
      const answer = await ctx.app.inject({ method: 'GET', url: page.url });
      expect(answer.statusCode, page.url).toBe(200);
      const tag = /<script ([^>]*)>([\s\S]*?)<\/script>/.exec(answer.body);
      if (!tag?.[1] || !tag[2]) throw new Error(`no script on ${page.url}`);
      expect(tag[1]).toContain(`data-url="http://inkwell.test/api/stats/event"`);
      expect(tag[1]).toContain(`data-kind="${page.kind}" data-id="${page.id}"`);
      expect(tag[1].includes('data-minutes=')).toBe(page.kind === 'post');
      const policy = String(answer.headers['content-security-policy']);
      const scriptSources = policy
        .split(';')
        .map((directive) => directive.trim().split(' '))
        .find(([name]) => name === 'script-src');
      // Every script on the page is permitted by its hash, and nothing else is: the counting one,
      // and on the home the one that keeps a browser's choice not to be counted.
      const scripts = [...answer.body.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map(
        (found) => found[1]!,
      );
      expect(scripts).toHaveLength(page.kind === 'publication' ? 2 : 1);
      for (const script of scripts) {
        expect(scriptSources).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
      }
      expect(scriptSources).toHaveLength(3);
      expect(policy).toContain('connect-src http://inkwell.test;');
      expect(policy).not.toContain('unsafe-inline');
      // The script is under 1 KB: what a reader's browser runs for counting.
      expect(Buffer.byteLength(tag[2])).toBeLessThan(1024);
    }
  });

  it('adds up days: a series over a week, and totals over the range asked', async () => {
    const author = await signUpUser(ctx, { username: `stats days ${process.pid}` });
    const post = await createPost(ctx, author, { title: 'Over days' });
    const now = Date.now();
    // Events received at other times, written by a collector with its own clock.
    let clock = now;
    const collector = new StatsCollector(
      new StatsRepository(ctx.database.db),
      { flushIntervalMs: 60_000, flushAtEvents: 1_000, maxPendingEvents: 10_000 },
      { warn: () => undefined },
      { add: () => ({ wake: () => undefined, stopped: false }) },
      () => clock,
    );
    const facts = { device: 'desktop' as const, browser: 'Firefox' };
    const event = (daysAgo: number, visitor: string, name: 'view' | 'read' = 'view') => {
      clock = now - daysAgo * DAY_MS;
      collector.add({
        kind: 'post',
        id: post.id,
        event: name,
        visitor,
        source: 'Direct',
        facts,
        viewerId: undefined,
      });
    };
    event(6, 'a');
    event(6, 'a');
    event(6, 'b', 'read');
    event(3, 'a');
    event(3, 'c');
    event(0, 'a');
    // Ten days ago: outside a week.
    event(10, 'z');
    // Written now: the post is published by then.
    clock = now;
    await collector.flush();

    const week = await postStats(ctx, author, `id=${post.id}&days=7`);
    expect(week.body).toMatchObject({ views: 5, visitors: 4, reads: 1 });
    const byDay = week.body.series.map((point) => [point.views, point.visitors, point.reads]);
    expect(byDay).toEqual([
      [2, 1, 1],
      [0, 0, 0],
      [0, 0, 0],
      [2, 2, 0],
      [0, 0, 0],
      [0, 0, 0],
      [1, 1, 0],
    ]);
    expect(week.body.series[0]?.start).toBe(
      `${new Date(now - 6 * DAY_MS).toISOString().slice(0, 10)}T00:00:00.000Z`,
    );
    const month = await postStats(ctx, author, `id=${post.id}&days=30`);
    expect(month.body).toMatchObject({ views: 6, visitors: 5 });
    const writerWeek = await request<WriterStats>(ctx, {
      method: 'GET',
      url: '/api/stats/writer?days=7',
      token: author.token,
    });
    expect(writerWeek.body).toMatchObject({ views: 5, visitors: 4, reads: 1, readRatio: 0.2 });
  });

  it("counts days in the writer's time zone: views near midnight UTC land on other days in Paris and Los Angeles", async () => {
    const author = await signUpUser(ctx, { username: `stats zones ${process.pid}` });
    const post = await createPost(ctx, author, { title: 'Around the world' });
    let clock = Date.now();
    const collector = new StatsCollector(
      new StatsRepository(ctx.database.db),
      { flushIntervalMs: 60_000, flushAtEvents: 1_000, maxPendingEvents: 10_000 },
      { warn: () => undefined },
      { add: () => ({ wake: () => undefined, stopped: false }) },
      () => clock,
    );
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const now = Date.now();
    // D is three UTC days ago; 40 days ago is older than the hourly rows' reach (30 days).
    const day = dayOf(now - 3 * DAY_MS);
    const before = dayOf(now - 4 * DAY_MS);
    const old = dayOf(now - 40 * DAY_MS);
    const views = (at: string, count: number) => {
      clock = Date.parse(at);
      for (let n = 0; n < count; n += 1) {
        collector.add({
          kind: 'post',
          id: post.id,
          event: 'view',
          visitor: `${at} ${n}`,
          source: 'Direct',
          facts: { device: 'desktop', browser: 'Firefox' },
          viewerId: undefined,
        });
      }
    };
    // Paris is UTC+1 and Los Angeles UTC−8 in late November (no daylight saving then).
    views(`${before}T23:30:00.000Z`, 1); // Paris: D 00:30; Los Angeles: D−1 15:30
    views(`${day}T00:30:00.000Z`, 2); // Paris: D 01:30; Los Angeles: D−1 16:30
    views(`${day}T07:30:00.000Z`, 4); // Paris: D 08:30; Los Angeles: D−1 23:30
    views(`${day}T08:30:00.000Z`, 8); // Paris: D 09:30; Los Angeles: D 00:30
    views(`${old}T23:30:00.000Z`, 16);
    clock = Date.now();
    await collector.flush();

    const inZone = async (query: string) => {
      const answer = await postStats(ctx, author, `id=${post.id}&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const byStart = new Map(answer.body.series.map((point) => [point.start, point.views]));
      return { body: answer.body, viewsFrom: (start: string) => byStart.get(start) };
    };
    const utc = await inZone('days=7');
    expect(utc.body).toMatchObject({ timeZone: 'UTC', zoneFrom: null, views: 15 });
    expect(utc.viewsFrom(`${before}T00:00:00.000Z`)).toBe(1);
    expect(utc.viewsFrom(`${day}T00:00:00.000Z`)).toBe(14);

    const paris = await inZone('days=7&tz=Europe/Paris');
    expect(paris.body).toMatchObject({ timeZone: 'Europe/Paris', zoneFrom: null, views: 15 });
    // Local midnight of D in Paris is 23:00 UTC the day before.
    expect(paris.viewsFrom(`${before}T23:00:00.000Z`)).toBe(15);
    expect(paris.body.series.reduce((sum, point) => sum + point.views, 0)).toBe(15);

    const losAngeles = await inZone(`days=7&tz=${encodeURIComponent('America/Los_Angeles')}`);
    expect(losAngeles.body).toMatchObject({ timeZone: 'America/Los_Angeles', views: 15 });
    expect(losAngeles.viewsFrom(`${before}T08:00:00.000Z`)).toBe(7);
    expect(losAngeles.viewsFrom(`${day}T08:00:00.000Z`)).toBe(8);

    // Beyond the hourly rows' reach, a day is the UTC day of the same date, and the answer says from when it is not.
    const season = await inZone('days=60&tz=Europe/Paris');
    expect(season.body.views).toBe(31);
    expect(season.body.zoneFrom).not.toBeNull();
    expect(season.body.zoneFrom! > old).toBe(true);
    // Its point begins at Paris's midnight of that date (22:00 or 23:00 UTC the day before, by daylight saving).
    const oldPoints = season.body.series.filter((point) => point.views === 16);
    expect(oldPoints.map((point) => point.start.slice(0, 10))).toEqual([
      dayOf(Date.parse(`${old}T00:00:00.000Z`) - DAY_MS),
    ]);

    const writerWeek = await request<WriterStats>(ctx, {
      method: 'GET',
      url: '/api/stats/writer?days=7&tz=America/Los_Angeles',
      token: author.token,
    });
    expect(writerWeek.status).toBe(200);
    expect(writerWeek.body.series.find((point) => point.start === `${before}T08:00:00.000Z`)?.views).toBe(7);

    for (const tz of ['Mars/Olympus_Mons', '+01:00', 'Europe/Paris; drop table posts', '']) {
      const bad = await postStats(ctx, author, `id=${post.id}&tz=${encodeURIComponent(tz)}`);
      expect(bad.status, tz).toBe(400);
      expect(bad.body.message).toMatch(/tz must be an IANA time zone/);
    }
  });

  it("shows today's sources and top posts in a zone whose date is not UTC's", async () => {
    const author = await signUpUser(ctx, { username: `stats today elsewhere ${process.pid}` });
    const post = await createPost(ctx, author, { title: 'Read just now' });
    const collector = new StatsCollector(
      new StatsRepository(ctx.database.db),
      { flushIntervalMs: 60_000, flushAtEvents: 1_000, maxPendingEvents: 10_000 },
      { warn: () => undefined },
      { add: () => ({ wake: () => undefined, stopped: false }) },
    );
    collector.add({
      kind: 'post',
      id: post.id,
      event: 'view',
      visitor: 'just now',
      source: 'newsletter',
      facts: { device: 'mobile', browser: 'Safari' },
      viewerId: undefined,
    });
    await collector.flush();
    // Twelve hours behind UTC before noon, fourteen ahead after: a zone on another date than UTC's now.
    const zone = new Date().getUTCHours() < 12 ? 'Etc/GMT+12' : 'Pacific/Kiritimati';
    for (const days of [1, 7]) {
      const answer = await request<WriterStats>(ctx, {
        method: 'GET',
        url: `/api/stats/writer?days=${days}&tz=${encodeURIComponent(zone)}`,
        token: author.token,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.views, `${zone} ${days}`).toBe(1);
      expect(answer.body.topPosts.map((row) => [row.title, row.views])).toEqual([['Read just now', 1]]);
      expect(answer.body.sources).toEqual([{ source: 'newsletter', views: 1, reads: 0 }]);
      expect(answer.body.devices).toEqual([{ name: 'mobile', views: 1 }]);
    }
  });

  for (const content of ['delete', 'keep'] as const) {
    it(`removes a deleted account's figures (${content}), and keeps a team's figures of kept posts without the writer`, async () => {
      const owner = await signUpUser(ctx, { username: `stats leaver owner ${content} ${process.pid}` });
      const leaver = await signUpUser(ctx, { username: `stats leaver ${content} ${process.pid}` });
      const slug = `team-left-${content}-${process.pid}`;
      await createPublication(ctx, owner, slug);
      await addMember(ctx, owner, slug, leaver, 'writer');
      const own = await createPost(ctx, leaver, { title: 'Mine' });
      const teamPost = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: leaver.token,
        payload: { title: 'Ours', content: 'Together', publication: slug },
      });
      expect(teamPost.status, JSON.stringify(teamPost.body)).toBe(201);
      const teamPostId = teamPost.body.response.id;
      // The owner's own post in the team: its figures are the team's whatever the leaver chooses.
      const ownersPost = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: owner.token,
        payload: { title: 'The owner’s', content: 'Staying', publication: slug },
      });
      expect(ownersPost.status).toBe(201);
      await send(ctx.app, { id: own.id, ip: '192.0.2.30' });
      await send(ctx.app, { id: teamPostId, ip: '192.0.2.30', referrer: 'https://left.example/' });
      await send(ctx.app, { id: ownersPost.body.response.id, ip: '192.0.2.32' });
      await send(ctx.app, { kind: 'profile', id: leaver.id, ip: '192.0.2.31' });
      await send(ctx.app, { kind: 'publication', id: leaver.id, ip: '192.0.2.31' });
      await flush(ctx);

      const db = ctx.database.db;
      const rowsOf = async () => {
        let rows = 0;
        for (const table of [
          'stats_hours',
          'stats_days',
          'stats_day_sources',
          'stats_post_months',
          'stats_post_blocks',
        ] as const) {
          const found = await db
            .selectFrom(table)
            .select('author_id')
            .where((eb) => eb.or([eb('author_id', '=', leaver.id), eb('publication_id', '=', leaver.id)]))
            .execute();
          rows += found.length;
        }
        for (const table of [
          'stats_scope_visitors',
          'stats_scope_days',
          'stats_scope_hours',
          'stats_scope_day_sources',
          'stats_visitor_hashes',
          'stats_live',
        ] as const) {
          const found = await db
            .selectFrom(table)
            .select('scope')
            .where('scope', 'in', [`author:${leaver.id}`, `pub:${leaver.id}`])
            .execute();
          rows += found.length;
        }
        return rows;
      };
      expect(await rowsOf()).toBeGreaterThan(20);

      const deleted = await request(ctx, {
        method: 'POST',
        url: '/api/user/delete',
        token: leaver.token,
        payload: { password: 'correct horse battery', content },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await rowsOf()).toBe(0);
      const team = await request<PublicationStats>(ctx, {
        method: 'GET',
        url: `/api/stats/publication?id=${slug}&days=7`,
        token: owner.token,
      });
      expect(team.status).toBe(200);
      // With `keep` the team's post stays, and so does its view; with `delete` both go, from the
      // team's series, sources and top posts too, and the owner's post is untouched.
      const kept = content === 'keep';
      expect(team.body.views).toBe(kept ? 2 : 1);
      expect(team.body.series.at(-1)?.views).toBe(kept ? 2 : 1);
      expect(team.body.topPosts.map((row) => [row.title, row.views])).toEqual(
        // Equal views: the older post first.
        kept
          ? [
              ['Ours', 1],
              ['The owner’s', 1],
            ]
          : [['The owner’s', 1]],
      );
      expect(team.body.sources.map((row) => [row.source, row.views]).sort()).toEqual(
        kept
          ? [
              ['Direct', 1],
              ['left.example', 1],
            ]
          : [['Direct', 1]],
      );
      const teamToday = await request<PublicationStats>(ctx, {
        method: 'GET',
        url: `/api/stats/publication?id=${slug}&days=1`,
        token: owner.token,
      });
      expect(teamToday.body.series.reduce((sum, point) => sum + point.views, 0)).toBe(kept ? 2 : 1);
    });
  }

  it('keeps totals exact from two instances writing their own batches, and writes what is left when closing', async () => {
    const second = await buildApp({ config: testConfig(), database: ctx.database });
    await second.ready();
    const post = await createPost(ctx, writer, { title: 'Two instances' });
    let closed = false;
    try {
      const rounds = 4;
      for (let round = 0; round < rounds; round += 1) {
        const sends: Promise<void>[] = [];
        for (let index = 0; index < 25; index += 1) {
          const ip = `10.0.${round}.${index}`;
          sends.push(send(ctx.app, { id: post.id, ip }));
          sends.push(send(second, { id: post.id, ip }));
          sends.push(send(second, { id: post.id, ip, event: 'read' }));
        }
        await Promise.all(sends);
        await Promise.all([flush(ctx), second.stats.collector.flush()]);
      }
      // Left in the second instance's memory until it closes.
      await send(second, { id: post.id, ip: '10.9.9.9' });
      await second.close();
      closed = true;
      const stats = await postStats(ctx, writer, `id=${post.id}&days=1`);
      expect(stats.body).toMatchObject({ views: 201, reads: 100, visitors: 101 });
    } finally {
      if (!closed) await second.close();
    }
  });

  it('forgets salts, visitor hashes, old sightings and old hours, and keeps the days', async () => {
    const db = ctx.database.db;
    const old = new Date(Date.now() - 40 * DAY_MS).toISOString();
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const page = {
      page_kind: 'post' as const,
      page_id: '0190b5c8-0000-7000-8000-000000000001',
      author_id: null,
      publication_id: null,
    };
    await db.insertInto('stats_salts').values({ day: yesterday, salt: 'old' }).execute();
    await db
      .insertInto('stats_visitor_hashes')
      .values([
        { scope: 'page:post:x', day: yesterday, hash: 'h1' },
        { scope: 'page:post:x', day: today, hash: 'h2' },
      ])
      .execute();
    await db
      .insertInto('stats_live')
      .values([
        { scope: 'author:x', hash: 'h1', seen_at: old },
        { scope: 'author:x', hash: 'h2', seen_at: new Date().toISOString() },
      ])
      .execute();
    await db
      .insertInto('stats_hours')
      .values([
        { ...page, hour: old.slice(0, 13), views: 1 },
        { ...page, hour: new Date().toISOString().slice(0, 13), views: 1 },
      ])
      .execute();
    await db
      .insertInto('stats_days')
      .values({ ...page, day: old.slice(0, 10), views: 1 })
      .execute();
    // A writer's rollups: hours go with the pages' hours, days stay.
    await db
      .insertInto('stats_scope_hours')
      .values([
        { scope: 'author:x', hour: old.slice(0, 13), views: 1 },
        { scope: 'author:x', hour: new Date().toISOString().slice(0, 13), views: 1 },
      ])
      .execute();
    await db
      .insertInto('stats_scope_days')
      .values({ scope: 'author:x', day: old.slice(0, 10), views: 1 })
      .execute();

    expect(await ctx.app.stats.retention.forget()).toBeGreaterThanOrEqual(5);
    expect(await db.selectFrom('stats_salts').select('day').where('day', '<', today).execute()).toEqual([]);
    expect(
      await db.selectFrom('stats_visitor_hashes').select('hash').where('scope', '=', 'page:post:x').execute(),
    ).toEqual([{ hash: 'h2' }]);
    expect(
      await db.selectFrom('stats_live').select('hash').where('scope', '=', 'author:x').execute(),
    ).toEqual([{ hash: 'h2' }]);
    expect(
      await db.selectFrom('stats_hours').select('views').where('page_id', '=', page.page_id).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('stats_days').select('views').where('page_id', '=', page.page_id).execute(),
    ).toHaveLength(1);
    expect(
      await db.selectFrom('stats_scope_hours').select('hour').where('scope', '=', 'author:x').execute(),
    ).toEqual([{ hour: new Date().toISOString().slice(0, 13) }]);
    expect(
      await db.selectFrom('stats_scope_days').select('day').where('scope', '=', 'author:x').execute(),
    ).toHaveLength(1);
  });
});
