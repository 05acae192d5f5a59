import { expect, it } from 'vitest';
import {
  AUTOSAVE_COALESCE_MS,
  VERSION_NOT_FOUND_MESSAGE,
  type PostVersion,
  type PostVersionSummary,
} from '../../contracts/post-versions';
import { POST_NOT_FOUND_MESSAGE, type Post } from '../../contracts/posts';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { addMember, createPublication } from './support/publications';

type Answer<T> = {
  response: T;
  message?: string;
  errors?: Record<string, string[]>;
  currentVersion?: number;
};

async function write(
  ctx: ApiContext,
  who: TestUser,
  payload: Record<string, unknown>,
  postId?: string,
): Promise<Post> {
  const answer = await request<Answer<Post>>(ctx, {
    method: postId ? 'PUT' : 'POST',
    url: postId ? `/api/post/blog?id=${postId}` : '/api/post/blog',
    token: who.token,
    payload,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(postId ? 200 : 201);
  return answer.body.response;
}

const history = (ctx: ApiContext, who: TestUser | null, postId: string) =>
  request<Answer<PostVersionSummary[]>>(ctx, {
    method: 'GET',
    url: `/api/post/versions?id=${postId}`,
    ...(who ? { token: who.token } : {}),
  });

async function versionsOf(ctx: ApiContext, who: TestUser, postId: string) {
  const answer = await history(ctx, who, postId);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.response;
}

const restore = (ctx: ApiContext, who: TestUser, versionId: string, payload: Record<string, unknown> = {}) =>
  request<Answer<Post>>(ctx, {
    method: 'POST',
    url: `/api/post/version/restore?versionId=${versionId}`,
    token: who.token,
    payload,
  });

/** Moves every version of the post back in time, as if its saves were that long ago. */
async function age(ctx: ApiContext, postId: string, ms: number) {
  const rows = await ctx.database.db
    .selectFrom('post_versions')
    .select(['id', 'created_at'])
    .where('post_id', '=', postId)
    .execute();
  for (const row of rows) {
    const past = new Date(Date.parse(row.created_at) - ms).toISOString();
    await ctx.database.db
      .updateTable('post_versions')
      .set({ created_at: past })
      .where('id', '=', row.id)
      .execute();
  }
}

describeEachDatabase('post versions', (ctx) => {
  it('keeps a version per save and publish, counting the words each changed, and none for no change', async () => {
    const author = await signUpUser(ctx);
    const draft = await write(ctx, author, { title: 'Trees', content: 'Oaks grow slowly.', status: 'draft' });
    const saved = await write(
      ctx,
      author,
      { title: 'Trees', content: 'Oaks grow very slowly here.' },
      draft.id,
    );
    // The same text again (a second click on Save) adds nothing.
    await write(ctx, author, { title: 'Trees', content: 'Oaks grow very slowly here.' }, draft.id);
    await write(
      ctx,
      author,
      { title: 'Old trees', content: 'Oaks grow slowly here.', status: 'published' },
      saved.id,
    );

    const versions = await versionsOf(ctx, author, draft.id);
    expect(
      versions.map(({ kind, title, wordsAdded, wordsRemoved }) => [kind, title, wordsAdded, wordsRemoved]),
    ).toEqual([
      ['publish', 'Old trees', 2, 2],
      ['manual', 'Trees', 2, 0],
      ['manual', 'Trees', 4, 0],
    ]);
    const one = await request<Answer<PostVersion>>(ctx, {
      method: 'GET',
      url: `/api/post/version?versionId=${versions[1]!.id}`,
      token: author.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.response).toMatchObject({
      postId: draft.id,
      kind: 'manual',
      content: 'Oaks grow very slowly here.',
    });

    // An edit of the published post is a save; publishing a text already saved marks its entry.
    await write(ctx, author, { title: 'Old trees', content: 'Oaks grow slowly there.' }, draft.id);
    const second = await write(ctx, author, { title: 'Next', content: 'Elms.', status: 'draft' });
    await write(ctx, author, { title: 'Next', content: 'Elms.', status: 'published' }, second.id);
    expect((await versionsOf(ctx, author, draft.id))[0]!.kind).toBe('manual');
    expect((await versionsOf(ctx, author, second.id)).map((version) => version.kind)).toEqual(['publish']);
  });

  it('lets autosaves minutes apart share one entry, and never folds a button save into one', async () => {
    const author = await signUpUser(ctx);
    const draft = await write(ctx, author, {
      title: 'Notes',
      content: 'One',
      status: 'draft',
      autosave: true,
    });
    await write(ctx, author, { title: 'Notes', content: 'One two', autosave: true }, draft.id);
    await write(ctx, author, { title: 'Notes', content: 'One two three', autosave: true }, draft.id);
    let versions = await versionsOf(ctx, author, draft.id);
    expect(versions.map((v) => [v.kind, v.wordsAdded])).toEqual([['autosave', 4]]);

    // Past the window a new entry begins, its change counted from the one before.
    await age(ctx, draft.id, AUTOSAVE_COALESCE_MS + 1000);
    await write(ctx, author, { title: 'Notes', content: 'One two three four', autosave: true }, draft.id);
    await write(
      ctx,
      author,
      { title: 'Notes', content: 'One two three four five', autosave: true },
      draft.id,
    );
    versions = await versionsOf(ctx, author, draft.id);
    expect(versions.map((v) => [v.kind, v.wordsAdded])).toEqual([
      ['autosave', 2],
      ['autosave', 4],
    ]);

    // A button save always adds its own, and the autosave after it starts another.
    await write(ctx, author, { title: 'Notes', content: 'One two three four five six' }, draft.id);
    await write(
      ctx,
      author,
      { title: 'Notes', content: 'One two three four five six seven', autosave: true },
      draft.id,
    );
    versions = await versionsOf(ctx, author, draft.id);
    expect(versions.map((v) => v.kind)).toEqual(['autosave', 'manual', 'autosave', 'autosave']);
    const bad = await request<Answer<never>>(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${draft.id}`,
      token: author.token,
      payload: { title: 'Notes', content: 'x', autosave: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['autosave']);
  });

  it('restores a version as an edit, adding a restore version and losing none', async () => {
    const author = await signUpUser(ctx);
    const post = await write(ctx, author, { title: 'Rivers', content: 'The first text.' });
    const edited = await write(ctx, author, { title: 'Rivers', content: 'A second text entirely.' }, post.id);
    const [, first] = await versionsOf(ctx, author, post.id);

    const stale = await restore(ctx, author, first!.id, { version: post.version });
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(edited.version);

    const restored = await restore(ctx, author, first!.id, { version: edited.version });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.response).toMatchObject({ content: 'The first text.', status: 'published' });
    expect(restored.body.response.version).toBe(edited.version + 1);
    const read = await request<Answer<Post & { contentHtml: string }>>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
    });
    expect(read.body.response.contentHtml).toContain('The first text.');
    const versions = await versionsOf(ctx, author, post.id);
    expect(versions.map((v) => [v.kind, v.wordsAdded, v.wordsRemoved])).toEqual([
      ['restore', 2, 3],
      ['manual', 3, 2],
      ['publish', 4, 0],
    ]);
    // Restoring what the post already says changes nothing.
    expect((await restore(ctx, author, versions[0]!.id)).status).toBe(200);
    expect(await versionsOf(ctx, author, post.id)).toHaveLength(3);

    // Deleting the post deletes its history.
    const deleted = await request(ctx, {
      method: 'DELETE',
      url: `/api/post/blog/delete?id=${post.id}`,
      token: author.token,
    });
    expect(deleted.status).toBe(200);
    const rows = await ctx.database.db
      .selectFrom('post_versions')
      .select('id')
      .where('post_id', '=', post.id)
      .execute();
    expect(rows).toEqual([]);
    const gone = await request<Answer<never>>(ctx, {
      method: 'GET',
      url: `/api/post/version?versionId=${first!.id}`,
      token: author.token,
    });
    expect([gone.status, gone.body.message]).toEqual([404, VERSION_NOT_FOUND_MESSAGE]);
  });

  it('shows the history to those who may edit the post, and to no one else', async () => {
    const owner = await signUpUser(ctx);
    const writer = await signUpUser(ctx);
    const editor = await signUpUser(ctx);
    const stranger = await signUpUser(ctx);
    const slug = `versions-${Date.now().toString(36)}`;
    await createPublication(ctx, owner, slug);
    await addMember(ctx, owner, slug, writer, 'writer');
    await addMember(ctx, owner, slug, editor, 'editor');
    const draft = await write(ctx, writer, {
      title: 'Team',
      content: 'Draft text.',
      status: 'draft',
      publication: slug,
    });
    const published = await write(ctx, stranger, { title: 'Mine', content: 'Out now.' });

    expect((await versionsOf(ctx, editor, draft.id)).length).toBe(1);
    const [version] = await versionsOf(ctx, writer, draft.id);
    const strangers = await history(ctx, stranger, draft.id);
    expect([strangers.status, strangers.body.message]).toEqual([404, POST_NOT_FOUND_MESSAGE]);
    // Someone else's public post: 403, as an edit of it is.
    expect((await history(ctx, writer, published.id)).status).toBe(403);
    expect((await history(ctx, null, draft.id)).status).toBe(401);
    for (const who of [stranger]) {
      const read = await request<Answer<never>>(ctx, {
        method: 'GET',
        url: `/api/post/version?versionId=${version!.id}`,
        token: who.token,
      });
      expect([read.status, read.body.message]).toEqual([404, VERSION_NOT_FOUND_MESSAGE]);
      expect((await restore(ctx, who, version!.id)).status).toBe(404);
    }
    const signedOut = await request(ctx, {
      method: 'POST',
      url: `/api/post/version/restore?versionId=${version!.id}`,
      payload: {},
    });
    expect(signedOut.status).toBe(401);
    expect((await restore(ctx, editor, version!.id)).status).toBe(200);
  });

  it('answers bad ids and bodies with JSON errors, never a 500', async () => {
    const author = await signUpUser(ctx);
    const post = await write(ctx, author, { title: 'Ids', content: 'Text.' });
    const [version] = await versionsOf(ctx, author, post.id);
    const cases: [string, string, number, Record<string, unknown>?][] = [
      ['GET', '/api/post/versions', 400],
      ['GET', '/api/post/versions?id=', 400],
      ['GET', '/api/post/versions?id=not-an-id', 404],
      ['GET', '/api/post/versions?id=0190a000-0000-7000-8000-000000000000', 404],
      ['GET', '/api/post/version', 400],
      ['GET', '/api/post/version?versionId=nope', 404],
      ['GET', '/api/post/version?versionId=0190a000-0000-7000-8000-000000000000', 404],
      ['POST', '/api/post/version/restore?versionId=nope', 404, {}],
      ['POST', `/api/post/version/restore?versionId=${version!.id}`, 400, { version: 'three' }],
      ['POST', `/api/post/version/restore?versionId=${version!.id}`, 400, { version: 0 }],
    ];
    for (const [method, url, status, payload] of cases) {
      const answer = await request<Answer<never>>(ctx, {
        method: method as 'GET' | 'POST',
        url,
        token: author.token,
        ...(payload ? { payload } : {}),
      });
      expect(answer.status, `${method} ${url}`).toBe(status);
      expect(typeof answer.body.message, url).toBe('string');
    }
  });
});
