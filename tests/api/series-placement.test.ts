import { expect, it } from 'vitest';
import { SERIES_ID_MESSAGE } from '../../contracts/posts';
import {
  SERIES_FORBIDDEN_MESSAGE,
  SERIES_FULL_MESSAGE,
  SERIES_NOT_FOUND_MESSAGE,
  SERIES_PARTS_MAX,
  SERIES_POST_NOT_YOURS_MESSAGE,
  type Series,
} from '../../contracts/series';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { addMember, createPublication } from './support/publications';

/*
 * The writing page's series (decision 0086): `seriesId` on POST and PUT /api/post/blog puts the
 * post in a series as its last part, keeps its place when it is already there, or (null) takes it
 * out, under the series' own rules.
 */

type Answer<T> = { response: T; message?: string; errors?: Record<string, string[]> };

async function makeSeries(ctx: ApiContext, who: TestUser, payload: Record<string, unknown> = {}) {
  const made = await request<Answer<Series>>(ctx, {
    method: 'POST',
    url: '/api/series',
    token: who.token,
    payload: { title: 'A course', ...payload },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.response;
}

/** The series' posts as its managers see them (drafts too), by title, in order. */
async function partsOf(ctx: ApiContext, who: TestUser, id: string): Promise<string[]> {
  const mine = await request<Answer<Series[]>>(ctx, {
    method: 'GET',
    url: '/api/series/mine',
    token: who.token,
  });
  expect(mine.status).toBe(200);
  return mine.body.response.find((series) => series.id === id)?.parts.map((part) => part.title) ?? [];
}

const write = (ctx: ApiContext, who: TestUser, payload: Record<string, unknown>, id?: string) =>
  request<Answer<{ id: string; version: number }>>(ctx, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/post/blog?id=${id}` : '/api/post/blog',
    token: who.token,
    payload,
  });

async function newDraft(ctx: ApiContext, who: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const created = await write(ctx, who, { title, content: 'Words.', status: 'draft', ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.response.id;
}

describeEachDatabase('a post’s series chosen on the writing page', (ctx) => {
  it('puts a new draft in a series at its first save, as the last part, and keeps its place after', async () => {
    const writer = await signUpUser(ctx);
    const series = await makeSeries(ctx, writer);
    const one = await newDraft(ctx, writer, 'One', { seriesId: series.id });
    const two = await newDraft(ctx, writer, 'Two', { seriesId: series.id });
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One', 'Two']);

    // Autosave sends the choice again with every save: the post stays where it is.
    const again = await write(
      ctx,
      writer,
      { title: 'One, edited', content: 'More.', seriesId: series.id },
      one,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One, edited', 'Two']);

    // Published straight away (the Publish button on a new post) works the same.
    const published = await write(ctx, writer, { title: 'Three', content: 'Out now.', seriesId: series.id });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One, edited', 'Two', 'Three']);

    // Without seriesId nothing changes; null takes it out, and the others keep their order.
    expect((await write(ctx, writer, { title: 'Two', content: 'Words.' }, two)).status).toBe(200);
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One, edited', 'Two', 'Three']);
    expect((await write(ctx, writer, { title: 'Two', content: 'Words.', seriesId: null }, two)).status).toBe(
      200,
    );
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One, edited', 'Three']);
    // Back in: at the end now.
    expect(
      (await write(ctx, writer, { title: 'Two', content: 'Words.', seriesId: series.id }, two)).status,
    ).toBe(200);
    expect(await partsOf(ctx, writer, series.id)).toEqual(['One, edited', 'Three', 'Two']);
  });

  it('moves a post from one series to the end of another', async () => {
    const writer = await signUpUser(ctx);
    const first = await makeSeries(ctx, writer, { title: 'First' });
    const second = await makeSeries(ctx, writer, { title: 'Second' });
    await newDraft(ctx, writer, 'Stays', { seriesId: second.id });
    const moving = await newDraft(ctx, writer, 'Moves', { seriesId: first.id });
    const moved = await write(
      ctx,
      writer,
      { title: 'Moves', content: 'Words.', seriesId: second.id },
      moving,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await partsOf(ctx, writer, first.id)).toEqual([]);
    expect(await partsOf(ctx, writer, second.id)).toEqual(['Stays', 'Moves']);
  });

  it('refuses, under seriesId, a series that is not there, not the writer’s, or of another blog, and saves nothing', async () => {
    const writer = await signUpUser(ctx);
    const other = await signUpUser(ctx);
    const theirs = await makeSeries(ctx, other);

    const malformed = await write(ctx, writer, {
      title: 'A',
      content: 'B',
      status: 'draft',
      seriesId: 'nope',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.seriesId).toEqual([SERIES_NOT_FOUND_MESSAGE]);
    const wrongType = await write(ctx, writer, { title: 'A', content: 'B', status: 'draft', seriesId: 7 });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors?.seriesId).toEqual([SERIES_ID_MESSAGE]);
    const unknown = await write(ctx, writer, {
      title: 'A',
      content: 'B',
      status: 'draft',
      seriesId: uuidv7(),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.seriesId).toEqual([SERIES_NOT_FOUND_MESSAGE]);

    const notMine = await write(ctx, writer, {
      title: 'A',
      content: 'B',
      status: 'draft',
      seriesId: theirs.id,
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body).toMatchObject({
      message: SERIES_FORBIDDEN_MESSAGE,
      errors: { seriesId: [SERIES_FORBIDDEN_MESSAGE] },
    });
    // Nothing was made by the refused writes.
    const drafts = await request<{ response: unknown[] }>(ctx, {
      method: 'GET',
      url: '/api/post/drafts',
      token: writer.token,
    });
    expect(drafts.status).toBe(200);
    expect(drafts.body.response).toEqual([]);

    // The writer's own series holds their own blog's posts, not a publication's.
    const slug = `pl-${ctx.dialect}-${Date.now().toString(36)}`;
    await createPublication(ctx, writer, slug);
    const own = await makeSeries(ctx, writer);
    const elsewhere = await write(ctx, writer, {
      title: 'A',
      content: 'B',
      status: 'draft',
      publication: slug,
      seriesId: own.id,
    });
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.errors?.seriesId).toEqual([SERIES_POST_NOT_YOURS_MESSAGE]);
    // The publication's own series takes it.
    const team = await makeSeries(ctx, writer, { publication: slug });
    const there = await write(ctx, writer, {
      title: 'Team part',
      content: 'B',
      status: 'draft',
      publication: slug,
      seriesId: team.id,
    });
    expect(there.status, JSON.stringify(there.body)).toBe(201);
    expect(await partsOf(ctx, writer, team.id)).toEqual(['Team part']);
  });

  it('lets a publication’s writer neither add its posts to the publication’s series nor take them out', async () => {
    const owner = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    const slug = `pw-${ctx.dialect}-${Date.now().toString(36)}`;
    await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, writer, 'writer');
    const team = await makeSeries(ctx, owner, { publication: slug });
    const refused = await write(ctx, writer, {
      title: 'A',
      content: 'B',
      status: 'draft',
      publication: slug,
      seriesId: team.id,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.errors?.seriesId).toEqual([SERIES_FORBIDDEN_MESSAGE]);

    const post = await newDraft(ctx, writer, 'In the team', { publication: slug });
    // The owner (an editor would do) puts it in.
    const placed = await write(ctx, owner, { title: 'In the team', content: 'B', seriesId: team.id }, post);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await partsOf(ctx, owner, team.id)).toEqual(['In the team']);
    const out = await write(ctx, writer, { title: 'In the team', content: 'B', seriesId: null }, post);
    expect(out.status).toBe(403);
    expect(out.body.errors?.seriesId).toEqual([SERIES_FORBIDDEN_MESSAGE]);
    expect(await partsOf(ctx, owner, team.id)).toEqual(['In the team']);
  });

  it('refuses a post for a full series with 409', async () => {
    const writer = await signUpUser(ctx);
    const series = await makeSeries(ctx, writer);
    const ids: string[] = [];
    for (let index = 0; index < SERIES_PARTS_MAX; index += 1) ids.push(uuidv7());
    // Filled the quick way: the table as PUT /api/series/posts leaves it.
    const now = new Date().toISOString();
    await ctx.database.db
      .insertInto('posts')
      .values(
        ids.map((id) => ({
          id,
          author_id: writer.id,
          title: `Part ${id}`,
          content: 'x',
          created_at: now,
          updated_at: now,
          published_at: null,
        })),
      )
      .execute();
    await ctx.database.db
      .insertInto('series_posts')
      .values(ids.map((id, position) => ({ series_id: series.id, post_id: id, position })))
      .execute();
    const full = await write(ctx, writer, {
      title: 'One too many',
      content: 'B',
      status: 'draft',
      seriesId: series.id,
    });
    expect(full.status).toBe(409);
    expect(full.body.errors?.seriesId).toEqual([SERIES_FULL_MESSAGE]);
  });
});
