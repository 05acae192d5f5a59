import { strFromU8, unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import type { ReadablePost } from '../../contracts/posts';
import {
  SERIES_FORBIDDEN_MESSAGE,
  SERIES_NOT_FOUND_MESSAGE,
  SERIES_POST_ELSEWHERE_MESSAGE,
  SERIES_POST_NOT_YOURS_MESSAGE,
  type Series,
  type SeriesPart,
  type SeriesSummary,
} from '../../contracts/series';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';
import { addMember, createPublication } from './support/publications';

type Answer<T> = { response: T; message?: string; errors?: Record<string, string[]> };

async function makeSeries(
  ctx: ApiContext,
  who: TestUser,
  payload: Record<string, unknown> = {},
): Promise<Series> {
  const made = await request<Answer<Series>>(ctx, {
    method: 'POST',
    url: '/api/series',
    token: who.token,
    payload: { title: 'Notes on the Engine', description: 'In order.', ...payload },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.response;
}

const setPosts = (ctx: ApiContext, who: TestUser, id: string, postIds: unknown) =>
  request<Answer<Series>>(ctx, {
    method: 'PUT',
    url: `/api/series/posts?id=${id}`,
    token: who.token,
    payload: { postIds },
  });

const readSeries = (ctx: ApiContext, id: string) =>
  request<Answer<Series>>(ctx, { method: 'GET', url: `/api/series?id=${id}` });

const readPost = (ctx: ApiContext, id: string, token?: string) =>
  request<Answer<ReadablePost>>(ctx, {
    method: 'GET',
    url: `/api/post/blog?id=${id}`,
    ...(token ? { token } : {}),
  });

async function draft(ctx: ApiContext, author: TestUser, title: string): Promise<string> {
  const created = await request<Answer<{ id: string }>>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: author.token,
    payload: { title, content: 'Not yet.', status: 'draft' },
  });
  expect(created.status).toBe(201);
  return created.body.response.id;
}

describeEachDatabase('series', (ctx) => {
  it('groups a writer’s posts in order; each post read says which part it is, with previous and next', async () => {
    const writer = await signUpUser(ctx);
    const [one, two, three] = [
      await createPost(ctx, writer, { title: 'One' }),
      await createPost(ctx, writer, { title: 'Two' }),
      await createPost(ctx, writer, { title: 'Three' }),
    ];
    const series = await makeSeries(ctx, writer);
    expect(series).toMatchObject({ title: 'Notes on the Engine', description: 'In order.', parts: [] });
    expect(series.owner).toEqual({ id: writer.id, username: writer.username, publication: null });

    const set = await setPosts(ctx, writer, series.id, [one!.id, two!.id, three!.id]);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.response.parts.map((part) => [part.title, part.visible])).toEqual([
      ['One', true],
      ['Two', true],
      ['Three', true],
    ]);

    const middle = (await readPost(ctx, two!.id)).body.response.series;
    expect(middle).toEqual({
      id: series.id,
      title: 'Notes on the Engine',
      part: 2,
      total: 3,
      previous: { id: one!.id, title: 'One' },
      next: { id: three!.id, title: 'Three' },
      parts: [
        { id: one!.id, title: 'One' },
        { id: two!.id, title: 'Two' },
        { id: three!.id, title: 'Three' },
      ],
    });
    expect((await readPost(ctx, one!.id)).body.response.series).toMatchObject({ part: 1, previous: null });
    const outside = await createPost(ctx, writer, { title: 'Alone' });
    expect((await readPost(ctx, outside.id)).body.response.series).toBeNull();

    // Reorder (Three first), then remove One: the parts follow.
    await setPosts(ctx, writer, series.id, [three!.id, two!.id, one!.id]);
    expect((await readPost(ctx, three!.id)).body.response.series).toMatchObject({ part: 1, total: 3 });
    await setPosts(ctx, writer, series.id, [three!.id, two!.id]);
    expect((await readPost(ctx, one!.id)).body.response.series).toBeNull();
    const read = await readSeries(ctx, series.id);
    expect(read.status).toBe(200);
    expect(read.body.response.parts.map((part) => part.title)).toEqual(['Three', 'Two']);
    // Readers are not told the managers' flags.
    expect(read.body.response.parts[0]).not.toHaveProperty('visible');

    // Edit, then delete: the posts stay.
    const edited = await request<Answer<Series>>(ctx, {
      method: 'PUT',
      url: `/api/series?id=${series.id}`,
      token: writer.token,
      payload: { title: '  Renamed  ', description: '' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.response).toMatchObject({ title: 'Renamed', description: '' });
    const deleted = await request(ctx, {
      method: 'DELETE',
      url: `/api/series?id=${series.id}`,
      token: writer.token,
    });
    expect(deleted.status).toBe(204);
    expect((await readSeries(ctx, series.id)).status).toBe(404);
    expect((await readPost(ctx, two!.id)).status).toBe(200);
    expect((await readPost(ctx, two!.id)).body.response.series).toBeNull();
  });

  it('shows readers only published, visible posts: drafts and hidden posts are not parts', async () => {
    const writer = await signUpUser(ctx);
    const first = await createPost(ctx, writer, { title: 'First' });
    const unfinished = await draft(ctx, writer, 'Unfinished');
    const hidden = await createPost(ctx, writer, { title: 'Hidden' });
    const last = await createPost(ctx, writer, { title: 'Last' });
    const series = await makeSeries(ctx, writer);
    const set = await setPosts(ctx, writer, series.id, [first.id, unfinished, hidden.id, last.id]);
    expect(set.status).toBe(200);
    await ctx.database.db
      .updateTable('posts')
      .set({ hidden_at: new Date().toISOString(), hidden_reason: 'operator' })
      .where('id', '=', hidden.id)
      .execute();

    expect((await readSeries(ctx, series.id)).body.response.parts.map((part) => part.title)).toEqual([
      'First',
      'Last',
    ]);
    expect((await readPost(ctx, last.id)).body.response.series).toMatchObject({
      part: 2,
      total: 2,
      previous: { id: first.id, title: 'First' },
      next: null,
    });
    // The writer reading their own draft sees no part number: it is not one of the readers' parts.
    expect((await readPost(ctx, unfinished, writer.token)).body.response.series).toBeNull();
    // The manager sees all four, each marked.
    const mine = await request<Answer<Series[]>>(ctx, {
      method: 'GET',
      url: '/api/series/mine',
      token: writer.token,
    });
    expect(mine.body.response.find((row) => row.id === series.id)?.parts.map((part) => part.visible)).toEqual(
      [true, false, false, true],
    );
    const listed = await request<Answer<SeriesSummary[]>>(ctx, {
      method: 'GET',
      url: `/api/series/list?userId=${writer.id}`,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.response).toEqual([
      expect.objectContaining({ id: series.id, title: 'Notes on the Engine', partCount: 2 }),
    ]);
    // A series with no part readers can see is left out of the list.
    const empty = await makeSeries(ctx, writer, { title: 'Nothing out yet' });
    await setPosts(ctx, writer, empty.id, []);
    const again = await request<Answer<SeriesSummary[]>>(ctx, {
      method: 'GET',
      url: `/api/series/list?userId=${writer.id}`,
    });
    expect(again.body.response.map((row) => row.id)).toEqual([series.id]);
  });

  it('lets only the writer, or a publication’s owner and editors, change a series', async () => {
    const writer = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const post = await createPost(ctx, writer, { title: 'Mine' });
    const theirs = await createPost(ctx, stranger, { title: 'Theirs' });
    const series = await makeSeries(ctx, writer);

    const forbiddenEdit = await request<Answer<Series>>(ctx, {
      method: 'PUT',
      url: `/api/series?id=${series.id}`,
      token: stranger.token,
      payload: { title: 'Taken' },
    });
    expect(forbiddenEdit.status).toBe(403);
    expect(forbiddenEdit.body.message).toBe(SERIES_FORBIDDEN_MESSAGE);
    expect((await setPosts(ctx, stranger, series.id, [theirs.id])).status).toBe(403);
    const forbiddenDelete = await request(ctx, {
      method: 'DELETE',
      url: `/api/series?id=${series.id}`,
      token: stranger.token,
    });
    expect(forbiddenDelete.status).toBe(403);
    expect((await request(ctx, { method: 'POST', url: '/api/series', payload: { title: 'x' } })).status).toBe(
      401,
    );

    // Someone else's post cannot join; a post in another series cannot either.
    const notYours = await setPosts(ctx, writer, series.id, [theirs.id]);
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(SERIES_POST_NOT_YOURS_MESSAGE);
    expect((await setPosts(ctx, writer, series.id, [post.id])).status).toBe(200);
    const other = await makeSeries(ctx, writer, { title: 'Other' });
    const elsewhere = await setPosts(ctx, writer, other.id, [post.id]);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(SERIES_POST_ELSEWHERE_MESSAGE);

    // A publication's series: its editors manage it, its writers and outsiders do not.
    const owner = await signUpUser(ctx);
    const editor = await signUpUser(ctx);
    const member = await signUpUser(ctx);
    const slug = `series-team-${ctx.dialect}`;
    await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, editor, 'editor');
    await addMember(ctx, owner, slug, member, 'writer');
    const teamPost = await request<Answer<{ id: string }>>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: member.token,
      payload: { title: 'Team post', content: 'Together.', publication: slug },
    });
    expect(teamPost.status, JSON.stringify(teamPost.body)).toBe(201);
    const refused = await request<Answer<Series>>(ctx, {
      method: 'POST',
      url: '/api/series',
      token: member.token,
      payload: { title: 'Team series', publication: slug },
    });
    expect(refused.status).toBe(403);
    const team = await makeSeries(ctx, editor, { title: 'Team series', publication: slug });
    expect(team.owner.publication).toMatchObject({ slug });
    expect((await setPosts(ctx, owner, team.id, [teamPost.body.response.id])).status).toBe(200);
    // The writer's own post is not the publication's.
    expect((await setPosts(ctx, editor, team.id, [post.id])).status).toBe(403);
    expect((await setPosts(ctx, member, team.id, [])).status).toBe(403);
    const teamList = await request<Answer<SeriesSummary[]>>(ctx, {
      method: 'GET',
      url: `/api/series/list?publication=${slug}`,
    });
    expect(teamList.body.response.map((row) => row.id)).toEqual([team.id]);
    const editorsView = await request<Answer<Series[]>>(ctx, {
      method: 'GET',
      url: '/api/series/mine',
      token: editor.token,
    });
    expect(editorsView.body.response.map((row) => row.id)).toEqual([team.id]);
  });

  it('offers its managers the blog’s posts in no series yet, drafts too, newest first', async () => {
    const writer = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const older = await createPost(ctx, writer, { title: 'Older' });
    const unfinished = await draft(ctx, writer, 'Unfinished');
    const taken = await createPost(ctx, writer, { title: 'Taken' });
    await createPost(ctx, stranger, { title: 'Not theirs' });
    const series = await makeSeries(ctx, writer);
    const other = await makeSeries(ctx, writer, { title: 'Other' });
    expect((await setPosts(ctx, writer, other.id, [taken.id])).status).toBe(200);

    const candidates = (who: TestUser, id: string) =>
      request<Answer<SeriesPart[]>>(ctx, {
        method: 'GET',
        url: `/api/series/candidates?id=${id}`,
        token: who.token,
      });
    const offered = await candidates(writer, series.id);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.response.map((part) => [part.title, part.visible])).toEqual([
      ['Unfinished', false],
      ['Older', true],
    ]);
    // Once a part, a post is offered no more; removed, it is offered again.
    await setPosts(ctx, writer, series.id, [older.id]);
    expect((await candidates(writer, series.id)).body.response.map((part) => part.id)).toEqual([unfinished]);
    await setPosts(ctx, writer, series.id, []);
    expect((await candidates(writer, series.id)).body.response).toHaveLength(2);

    expect((await candidates(stranger, series.id)).status).toBe(403);
    expect(
      (await request(ctx, { method: 'GET', url: `/api/series/candidates?id=${series.id}` })).status,
    ).toBe(401);
    const unknown = await candidates(writer, '0192f3a4-5b6c-7d8e-9f01-23456789abcd');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SERIES_NOT_FOUND_MESSAGE);
  });

  it('lists a blog’s series with visible parts on its site’s home, each with its page on the site', async () => {
    const writer = await signUpUser(ctx);
    const [one, two] = [
      await createPost(ctx, writer, { title: 'Site one' }),
      await createPost(ctx, writer, { title: 'Site two' }),
    ];
    const shown = await makeSeries(ctx, writer, { title: 'On the site', description: 'Two & more.' });
    expect((await setPosts(ctx, writer, shown.id, [two.id, one.id])).status).toBe(200);
    const unfinished = await makeSeries(ctx, writer, { title: 'Only drafts' });
    expect((await setPosts(ctx, writer, unfinished.id, [await draft(ctx, writer, 'Later')])).status).toBe(
      200,
    );
    const mine = await request<Answer<{ publication: { slug: string } }[]>>(ctx, {
      method: 'GET',
      url: '/api/user/publications',
      token: writer.token,
    });
    const slug = mine.body.response[0]!.publication.slug;
    const site = (path: string) => ctx.app.inject({ method: 'GET', url: `/pub/${slug}${path}` });

    const home = await site('');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<h2 id="series-title">Series</h2>');
    expect(home.body).toMatch(
      new RegExp(`/series/${shown.id}">On the site</a> <span class="count">2 parts</span>`),
    );
    expect(home.body).not.toContain('Only drafts');

    const page = await site(`/series/${shown.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>On the site</h1>');
    expect(page.body).toContain('Two &amp; more.');
    expect(page.body.indexOf('Site two')).toBeLessThan(page.body.indexOf('Site one'));
    // By id: the post page answers it and names its slug canonical.
    expect(page.body).toContain(`/posts/${two.id}"`);
    // Another blog's series, an unknown one and a malformed id are this site's not-found page.
    const stranger = await signUpUser(ctx);
    const theirs = await makeSeries(ctx, stranger, { title: 'Theirs' });
    expect((await site(`/series/${theirs.id}`)).statusCode).toBe(404);
    expect((await site('/series/0192f3a4-5b6c-7d8e-9f01-23456789abcd')).statusCode).toBe(404);
    expect((await site('/series/nope')).statusCode).toBe(404);

    // A team publication's site lists the publication's series, not its editors' own.
    const owner = await signUpUser(ctx);
    const teamSlug = `series-site-${ctx.dialect}`;
    await createPublication(ctx, owner, teamSlug);
    const teamPost = await request<Answer<{ id: string }>>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: owner.token,
      payload: { title: 'Team part', content: 'Together.', publication: teamSlug },
    });
    const team = await makeSeries(ctx, owner, { title: 'Team course', publication: teamSlug });
    expect((await setPosts(ctx, owner, team.id, [teamPost.body.response.id])).status).toBe(200);
    const teamHome = await ctx.app.inject({ method: 'GET', url: `/pub/${teamSlug}` });
    expect(teamHome.body).toContain('Team course</a> <span class="count">1 part</span>');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/pub/${teamSlug}/series/${team.id}` })).statusCode,
    ).toBe(200);
    expect((await site(`/series/${team.id}`)).statusCode).toBe(404);
  });

  it('gives a series its feeds, a sitemap entry, and a place in its writer’s export', async () => {
    const writer = await signUpUser(ctx);
    const shown = await createPost(ctx, writer, { title: 'Shown part' });
    const hidden = await draft(ctx, writer, 'Draft part');
    const series = await makeSeries(ctx, writer, { title: 'Feed <me>' });
    await setPosts(ctx, writer, series.id, [shown.id, hidden]);

    const atom = await ctx.app.inject({ method: 'GET', url: `/atom.xml?series=${series.id}` });
    expect(atom.statusCode).toBe(200);
    expect(atom.headers['content-type']).toContain('application/atom+xml');
    expect(atom.body).toContain('Feed &lt;me&gt; · Inkwell');
    expect(atom.body).toContain(`/series?id=${series.id}`);
    expect(atom.body).toContain(`urn:uuid:${shown.id}`);
    expect(atom.body).not.toContain(hidden);
    const rss = await ctx.app.inject({ method: 'GET', url: `/rss.xml?series=${series.id}` });
    expect(rss.statusCode).toBe(200);
    expect(rss.body).toContain(`/rss.xml?series=${series.id}`);
    for (const url of [
      '/rss.xml?series=nope',
      '/atom.xml?series=019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f',
      `/atom.xml?series=${series.id}&userId=${writer.id}`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('/sitemap-series.xml');
    const sitemap = await ctx.app.inject({ method: 'GET', url: '/sitemap-series.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`/series?id=${series.id}</loc>`);
    // A series with nothing readers can see stays out.
    const unseen = await makeSeries(ctx, writer, { title: 'Unseen' });
    await setPosts(ctx, writer, unseen.id, []);
    const again = await ctx.app.inject({ method: 'GET', url: '/sitemap-series.xml' });
    expect(again.body).not.toContain(unseen.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/sitemap-series.xml?after=x' })).statusCode).toBe(
      404,
    );

    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { authorization: `Bearer ${writer.token}` },
    });
    expect(exported.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const entries = JSON.parse(strFromU8(files['series.json']!)) as Array<{ id: string; posts: string[] }>;
    expect(entries.find((entry) => entry.id === series.id)).toMatchObject({
      title: 'Feed <me>',
      publication: null,
      posts: [shown.id, hidden],
    });
  });

  it('answers bad input with a 400 or 404, never a 500', async () => {
    const writer = await signUpUser(ctx);
    const series = await makeSeries(ctx, writer);
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/api/series', {}, 400],
      ['POST', '/api/series', { title: '   ' }, 400],
      ['POST', '/api/series', { title: 'x'.repeat(121) }, 400],
      ['POST', '/api/series', { title: 'ok', description: 42 }, 400],
      ['POST', '/api/series', { title: 'ok', publication: 'no-such-team' }, 404],
      ['PUT', `/api/series?id=${series.id}`, { title: 7 }, 400],
      ['PUT', '/api/series?id=not-a-uuid', { title: 'ok' }, 404],
      ['PUT', '/api/series', { title: 'ok' }, 400],
      ['PUT', `/api/series/posts?id=${series.id}`, {}, 400],
      ['PUT', `/api/series/posts?id=${series.id}`, { postIds: 'abc' }, 400],
      ['PUT', `/api/series/posts?id=${series.id}`, { postIds: ['nope'] }, 400],
      ['PUT', `/api/series/posts?id=${series.id}`, { postIds: [1] }, 400],
      [
        'PUT',
        `/api/series/posts?id=${series.id}`,
        { postIds: ['019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f'] },
        404,
      ],
      ['GET', '/api/series?id=019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f', undefined, 404],
      ['GET', '/api/series', undefined, 400],
      ['GET', '/api/series/list', undefined, 400],
      ['GET', `/api/series/list?userId=${writer.id}&publication=x`, undefined, 400],
      ['GET', '/api/series/list?userId=019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f', undefined, 404],
      ['GET', '/api/series/list?publication=no-such-team', undefined, 404],
      ['DELETE', '/api/series?id=019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f', undefined, 404],
    ];
    const ids = Array.from({ length: 2 }, () => series.id);
    cases.push(['PUT', `/api/series/posts?id=${series.id}`, { postIds: ids }, 400]);
    for (const [method, url, payload, status] of cases) {
      const answer = await request<Answer<unknown>>(ctx, {
        method: method as 'GET',
        url,
        token: writer.token,
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      expect(
        answer.status,
        `${method} ${url} ${JSON.stringify(payload)}: ${JSON.stringify(answer.body)}`,
      ).toBe(status);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await readSeries(ctx, '019ab3c5-0a1b-7c2d-8e3f-4a5b6c7d8e9f')).body.message).toBe(
      SERIES_NOT_FOUND_MESSAGE,
    );
  });
});
