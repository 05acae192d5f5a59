import { sql } from 'kysely';
import { expect, it } from 'vitest';
import type { PostStats, PublicationStats, StatsPoint, WriterStats } from '../../contracts/stats';
import { rebuildStatsRollups } from '../../server/db/migrations/2026-11-29-0901-stats-scope-rollups';
import { StatsCollector } from '../../server/modules/stats/stats-collector';
import { StatsRepository } from '../../server/modules/stats/stats-repository';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost, deletePost } from './support/posts';
import { addMember, createPublication } from './support/publications';

/**
 * A writer's and a publication's reports read rollups written beside the pages' rows
 * (docs/decisions/0074-stats-rollups.md). These tests hold them to the pages' rows: every answer
 * is what adding up the pages' own rows gives, over ranges that cut months at both ends.
 */

const DAY_MS = 24 * 60 * 60_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const integerSum = (column: string) => sql<number>`cast(coalesce(sum(${sql.ref(column)}), 0) as integer)`;

type Owner = 'author_id' | 'publication_id';

/** What the old reports answered: the pages' own rows of `owner`, added up over the range. */
async function fromPages(ctx: ApiContext, owner: Owner, id: string, days: number) {
  const db = ctx.database.db;
  const from = isoDay(Date.now() - (days - 1) * DAY_MS);
  const to = isoDay(Date.now());
  const byDay = await db
    .selectFrom('stats_days')
    .select(['day', integerSum('views').as('views'), integerSum('reads').as('reads')])
    .where(owner, '=', id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('day')
    .execute();
  const daily = new Map(byDay.map((row) => [row.day, [row.views, row.reads]]));
  const series: number[][] = [];
  for (let day = from; day <= to; day = isoDay(Date.parse(day) + DAY_MS))
    series.push(daily.get(day) ?? [0, 0]);
  const shares = await db
    .selectFrom('stats_day_sources')
    .select(['dimension', 'value', integerSum('views').as('views'), integerSum('reads').as('reads')])
    .where(owner, '=', id)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['dimension', 'value'])
    .execute();
  const top = await db
    .selectFrom('stats_days')
    .innerJoin('posts', 'posts.id', 'stats_days.page_id')
    .select([
      'posts.id',
      integerSum('stats_days.views').as('views'),
      integerSum('stats_days.reads').as('reads'),
      integerSum('stats_days.visitors').as('visitors'),
    ])
    .where(`stats_days.${owner}`, '=', id)
    .where('stats_days.page_kind', '=', 'post')
    .where('stats_days.day', '>=', from)
    .where('stats_days.day', '<=', to)
    .groupBy('posts.id')
    .orderBy('views', 'desc')
    .orderBy('posts.id')
    .limit(10)
    .execute();
  return {
    views: series.reduce((sum, [views = 0]) => sum + views, 0),
    reads: series.reduce((sum, [, reads = 0]) => sum + reads, 0),
    series,
    sources: shares
      .filter((row) => row.dimension === 'source')
      .map((row) => [row.value, row.views, row.reads])
      .sort(),
    devices: shares
      .filter((row) => row.dimension === 'device')
      .map((row) => [row.value, row.views])
      .sort(),
    top: top.map((row) => [row.id, row.views, row.reads, row.visitors]),
  };
}

/** The same figures as the API answers them. */
function asAnswered(body: WriterStats | PublicationStats) {
  return {
    views: body.views,
    reads: body.reads,
    series: body.series.map((point) => [point.views, point.reads]),
    sources: body.sources.map((row) => [row.source, row.views, row.reads]).sort(),
    devices: body.devices.map((row) => [row.name, row.views]).sort(),
    top: body.topPosts.map((row) => [row.id, row.views, row.reads, row.visitors]),
  };
}

/** A collector whose clock the test sets, so events land on days gone by. */
function collectorAt(ctx: ApiContext, clock: { now: number }) {
  return new StatsCollector(
    new StatsRepository(ctx.database.db),
    { flushIntervalMs: 60_000, flushAtEvents: 10_000, maxPendingEvents: 100_000 },
    { warn: () => undefined },
    { add: () => ({ wake: () => undefined, stopped: false }) },
    () => clock.now,
  );
}

const SOURCES = ['Direct', 'newsletter', 'news.example'];

describeEachDatabase('stats rollups', (ctx) => {
  const writerStats = (user: TestUser, query: string) =>
    request<WriterStats>(ctx, { method: 'GET', url: `/api/stats/writer?${query}`, token: user.token });
  const publicationStats = (user: TestUser, slug: string, query: string) =>
    request<PublicationStats>(ctx, {
      method: 'GET',
      url: `/api/stats/publication?id=${slug}&${query}`,
      token: user.token,
    });

  it("answers a writer's and a publication's year as their pages' rows add up, across months, zones and a deleted post", async () => {
    const writer = await signUpUser(ctx, { username: `rollup writer ${process.pid}` });
    const owner = await signUpUser(ctx, { username: `rollup owner ${process.pid}` });
    const slug = `rollup-team-${process.pid}`;
    const team = await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, writer, 'writer');
    const teamPost = async (user: TestUser, title: string) => {
      const answer = await request<{ response: { id: string } }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: user.token,
        payload: { title, content: 'Words', publication: slug },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body.response.id;
    };
    const ownBlog = await createPost(ctx, writer, { title: 'In my blog' });
    const gone = await createPost(ctx, writer, { title: 'Deleted later' });
    const writersTeamPost = await teamPost(writer, 'Mine in the team');
    const ownersTeamPost = await teamPost(owner, 'The owner’s in the team');
    const posts = [ownBlog.id, gone.id, writersTeamPost, ownersTeamPost];

    const clock = { now: Date.now() };
    const collector = collectorAt(ctx, clock);
    // Days ago, each at its own hour: month ends and starts fall inside every range below.
    const ages = [0, 1, 2, 6, 20, 29, 33, 45, 61, 70, 95, 140, 250, 300, 364];
    for (const [step, age] of ages.entries()) {
      clock.now = Date.now() - age * DAY_MS - ((step * 5) % 24) * 60 * 60_000;
      for (const [index, id] of posts.entries()) {
        const count = 1 + ((step + index * 3) % 4);
        for (let n = 0; n < count; n += 1) {
          collector.add({
            kind: 'post',
            id,
            event: n % 3 === 2 ? 'read' : 'view',
            visitor: `${age} ${index} ${n % 2}`,
            source: SOURCES[(step + n) % SOURCES.length] ?? 'Direct',
            facts: { device: n % 2 ? 'mobile' : 'desktop', browser: 'Firefox' },
            viewerId: undefined,
          });
        }
      }
    }
    clock.now = Date.now();
    const facts = { device: 'desktop' as const, browser: 'Firefox' };
    const page = { event: 'view' as const, source: 'Direct', facts, viewerId: undefined };
    collector.add({ ...page, kind: 'profile', id: writer.id, visitor: 'profile' });
    collector.add({ ...page, kind: 'publication', id: team.id, visitor: 'home' });
    await collector.flush();

    // In a zone, the days of the last 30 come from the hours: the writer's add up as their posts' do
    // (and the profile's view, just now, on the last day).
    const zone = 'tz=America%2FLos_Angeles';
    const zoned = await writerStats(writer, `days=30&${zone}`);
    expect(zoned.status, JSON.stringify(zoned.body)).toBe(200);
    const expected = zoned.body.series.map(() => 0);
    for (const id of [ownBlog.id, gone.id, writersTeamPost]) {
      const post = await request<PostStats>(ctx, {
        method: 'GET',
        url: `/api/stats/post?id=${id}&days=30&${zone}`,
        token: writer.token,
      });
      post.body.series.forEach(
        (point: StatsPoint, index) => (expected[index] = (expected[index] ?? 0) + point.views),
      );
    }
    expected[expected.length - 1] = (expected.at(-1) ?? 0) + 1;
    expect(zoned.body.series.map((point) => point.views)).toEqual(expected);
    const zonedToday = await writerStats(writer, `days=1&${zone}`);
    expect(zonedToday.body.views).toBe(expected.at(-1));

    await deletePost(ctx, writer, gone.id);
    for (const days of [7, 30, 45, 90, 365]) {
      const mine = await writerStats(writer, `days=${days}`);
      expect(mine.status).toBe(200);
      expect(asAnswered(mine.body), `writer, ${days} days`).toEqual(
        await fromPages(ctx, 'author_id', writer.id, days),
      );
      const ours = await publicationStats(owner, slug, `days=${days}`);
      expect(ours.status).toBe(200);
      expect(asAnswered(ours.body), `publication, ${days} days`).toEqual(
        await fromPages(ctx, 'publication_id', team.id, days),
      );
    }
    // The deleted post's views still count in the writer's totals; it is no longer a top post.
    const year = await writerStats(writer, 'days=365');
    expect(year.body.topPosts.map((row) => row.id).sort()).toEqual([ownBlog.id, writersTeamPost].sort());
    const teamYear = await publicationStats(owner, slug, 'days=365');
    expect(teamYear.body.topPosts.map((row) => row.id).sort()).toEqual(
      [writersTeamPost, ownersTeamPost].sort(),
    );
    expect(teamYear.body.views).toBeGreaterThan(
      year.body.topPosts.find((row) => row.id === writersTeamPost)!.views,
    );
  });

  it("follows a post moved between a writer's blog and a team's: the month goes with it, and every answer still adds up as the pages' rows do", async () => {
    const writer = await signUpUser(ctx, { username: `rollup mover ${process.pid}` });
    const owner = await signUpUser(ctx, { username: `rollup host ${process.pid}` });
    const slug = `rollup-moves-${process.pid}`;
    const team = await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, writer, 'writer');
    const post = await createPost(ctx, writer, { title: 'Moved later' });
    const stays = await createPost(ctx, writer, { title: 'Stays home' });
    const clock = { now: Date.now() };
    const collector = collectorAt(ctx, clock);
    const count = (id: string, views: number, tag: string) => {
      for (let n = 0; n < views; n += 1) {
        collector.add({
          kind: 'post',
          id,
          event: n % 2 ? 'read' : 'view',
          visitor: `${tag} ${n}`,
          source: SOURCES[n % SOURCES.length] ?? 'Direct',
          facts: { device: 'desktop', browser: 'Firefox' },
          viewerId: undefined,
        });
      }
    };
    // Counted in the writer's blog: 40 days ago (another month, always) and today.
    clock.now = Date.now() - 40 * DAY_MS;
    count(post.id, 5, 'old');
    count(stays.id, 2, 'old stays');
    clock.now = Date.now();
    count(post.id, 4, 'before');
    count(stays.id, 3, 'stays');
    await collector.flush();

    const moved = await request(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${post.id}`,
      token: writer.token,
      payload: { title: 'Moved later', content: 'Words', publication: slug },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    clock.now = Date.now();
    count(post.id, 6, 'after');
    await collector.flush();

    const blogStats = (days: number) => publicationStats(writer, writer.id, `days=${days}`);
    for (const days of [7, 30, 45, 365]) {
      const mine = await writerStats(writer, `days=${days}`);
      expect(asAnswered(mine.body), `writer, ${days} days`).toEqual(
        await fromPages(ctx, 'author_id', writer.id, days),
      );
      const blog = await blogStats(days);
      expect(blog.status).toBe(200);
      expect(asAnswered(blog.body), `the writer's blog, ${days} days`).toEqual(
        await fromPages(ctx, 'publication_id', writer.id, days),
      );
      const ours = await publicationStats(owner, slug, `days=${days}`);
      expect(asAnswered(ours.body), `the team, ${days} days`).toEqual(
        await fromPages(ctx, 'publication_id', team.id, days),
      );
    }
    // This month's figures of the post went with it; the month before stayed in the writer's blog.
    const teamYear = await publicationStats(owner, slug, 'days=365');
    expect(teamYear.body.topPosts.map((row) => [row.id, row.views])).toEqual([[post.id, 5]]);
    const blogYear = await blogStats(365);
    expect(blogYear.body.topPosts.map((row) => [row.id, row.views]).sort()).toEqual(
      [
        [post.id, 3],
        [stays.id, 3],
      ].sort(),
    );
    expect((await blogStats(7)).body.topPosts.map((row) => [row.id, row.views])).toEqual([[stays.id, 2]]);
    // Today by the hour, in a zone: the team's hours have the post's whole day.
    const zoned = await publicationStats(owner, slug, 'days=1&tz=America%2FLos_Angeles');
    const blogZoned = await blogStats(1);
    expect(zoned.body.views + blogZoned.body.views).toBe(5 + 2);
    expect(blogZoned.body.views).toBe(2);
  });

  it('fills the rollups from the rows counted before they existed', async () => {
    const writer = await signUpUser(ctx, { username: `rollup backfill ${process.pid}` });
    const post = await createPost(ctx, writer, { title: 'Counted before' });
    const db = ctx.database.db;
    const owned = {
      page_kind: 'post' as const,
      page_id: post.id,
      author_id: writer.id,
      publication_id: writer.id,
    };
    // Rows as the stats of before this change wrote them: per page only.
    const days = [0, 3, 40, 200].map((age, n) => ({
      ...owned,
      day: isoDay(Date.now() - age * DAY_MS),
      views: 10 + n,
      reads: n,
      visitors: 5,
    }));
    await db.insertInto('stats_days').values(days).execute();
    await db
      .insertInto('stats_day_sources')
      .values(
        days.map((row) => ({
          ...owned,
          day: row.day,
          dimension: 'source' as const,
          value: 'newsletter',
          views: row.views,
          reads: row.reads,
        })),
      )
      .execute();
    await db
      .insertInto('stats_hours')
      .values({ ...owned, hour: new Date().toISOString().slice(0, 13), views: 10, reads: 0 })
      .execute();

    await rebuildStatsRollups(db);

    const year = await writerStats(writer, 'days=365');
    expect(year.status).toBe(200);
    expect(year.body).toMatchObject({ views: 46, reads: 6 });
    expect(year.body.sources).toEqual([{ source: 'newsletter', views: 46, reads: 6 }]);
    expect(year.body.topPosts).toEqual([
      { id: post.id, title: 'Counted before', views: 46, reads: 6, visitors: 20, readRatio: 0.13 },
    ]);
    expect(asAnswered(year.body)).toEqual(await fromPages(ctx, 'author_id', writer.id, 365));
    const today = await writerStats(writer, 'days=1');
    expect(today.body.views).toBe(10);
    // Run again, nothing doubles: the rebuild sets, it does not add.
    await rebuildStatsRollups(db);
    expect((await writerStats(writer, 'days=365')).body.views).toBe(46);
  });
});
