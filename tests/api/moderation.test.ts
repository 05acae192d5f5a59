import { beforeAll, describe, expect, it } from 'vitest';
import type { Account } from '../../contracts/auth';
import type { Comment } from '../../contracts/comments';
import type { Discover } from '../../contracts/discover';
import {
  ACCOUNT_SUSPENDED_MESSAGE,
  FORBIDDEN_NOT_OPERATOR_MESSAGE,
  MODERATION_ACTIONS,
  QUOTE_NOT_IN_SOURCE_MESSAGE,
  REPORT_ALREADY_OPEN_MESSAGE,
  REPORT_THANKS_MESSAGE,
  type InstanceFigures,
  type ModeratedUser,
  type ModerationLogEntry,
  type Report,
  type StaffPick,
  type Testimonial,
} from '../../contracts/moderation';
import type { Page, Post } from '../../contracts/posts';
import { parseAdminEmails } from '../../server/config';
import { addComment, listComments, notificationsOf, uniqueName } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { createPost } from './support/posts';

/** Every operator route, with an example of what it takes; each must refuse non-operators. */
const ADMIN_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown }[] = [
  { method: 'GET', url: '/api/admin/reports' },
  { method: 'POST', url: '/api/admin/reports/0192f3a4-5b6c-7d8e-9f01-23456789abcd/resolve' },
  { method: 'POST', url: '/api/admin/reports/0192f3a4-5b6c-7d8e-9f01-23456789abcd/dismiss' },
  { method: 'POST', url: '/api/admin/posts/0192f3a4-5b6c-7d8e-9f01-23456789abcd/hide', payload: {} },
  { method: 'POST', url: '/api/admin/posts/0192f3a4-5b6c-7d8e-9f01-23456789abcd/restore', payload: {} },
  { method: 'DELETE', url: '/api/admin/posts/0192f3a4-5b6c-7d8e-9f01-23456789abcd' },
  { method: 'POST', url: '/api/admin/comments/0192f3a4-5b6c-7d8e-9f01-23456789abcd/hide', payload: {} },
  { method: 'POST', url: '/api/admin/comments/0192f3a4-5b6c-7d8e-9f01-23456789abcd/restore', payload: {} },
  { method: 'DELETE', url: '/api/admin/comments/0192f3a4-5b6c-7d8e-9f01-23456789abcd' },
  { method: 'GET', url: '/api/admin/users' },
  { method: 'POST', url: '/api/admin/users/someone/suspend', payload: {} },
  { method: 'POST', url: '/api/admin/users/someone/reinstate', payload: {} },
  { method: 'GET', url: '/api/admin/log' },
  { method: 'GET', url: '/api/admin/staff-picks' },
  { method: 'PUT', url: '/api/admin/staff-picks', payload: { postIds: [] } },
  { method: 'GET', url: '/api/admin/testimonials' },
  { method: 'PUT', url: '/api/admin/testimonials', payload: { testimonials: [] } },
  { method: 'GET', url: '/api/admin/figures' },
];

type Json = { message?: string; errors?: Record<string, string[]> };

const asOperator = (ctx: ApiContext, operator: TestUser, method: string, url: string, payload?: unknown) =>
  request<Json & Record<string, unknown>>(ctx, {
    method: method as 'GET',
    url,
    token: operator.token,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function accountOf(ctx: ApiContext, user: TestUser): Promise<Account> {
  const response = await request<{ response: Account }>(ctx, {
    method: 'GET',
    url: '/api/user/me',
    token: user.token,
  });
  expect(response.status).toBe(200);
  return response.body.response;
}

const report = (ctx: ApiContext, reporter: TestUser, kind: 'post' | 'comment', id: string, reason = 'spam') =>
  request<Json>(ctx, {
    method: 'POST',
    url: '/api/reports',
    token: reporter.token,
    payload: { target: { kind, id }, reason, note: 'Links to a pill shop' },
  });

/** The child sitemaps' text, all together. */
async function sitemapText(ctx: ApiContext): Promise<string> {
  const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
  const children = [...index.body.matchAll(/<loc>https?:\/\/[^/]+([^<]+)<\/loc>/g)].map(
    (match) => match[1] ?? '',
  );
  const bodies = await Promise.all(children.map((path) => ctx.app.inject({ method: 'GET', url: path })));
  return bodies.map((body) => body.body).join('\n');
}

/** Whether the post shows on each public read path, by name, as a visitor sees them. */
async function visibility(ctx: ApiContext, post: Post, word: string): Promise<Record<string, boolean>> {
  const ids = (body: unknown) => ((body as { response: Post[] }).response ?? []).map((item) => item.id);
  const get = (url: string) => request(ctx, { method: 'GET', url });
  const [single, list, profileList, tag, search, rss, atom, articles, article] = await Promise.all([
    get(`/api/post/blog?id=${post.id}`),
    get('/api/post/blog/all?limit=100'),
    get(`/api/post/profile?userId=${post.authorId}`),
    get(`/api/post/blog/all?tag=${post.tags[0] ?? ''}`),
    get(`/api/search?q=${word}`),
    ctx.app.inject({ method: 'GET', url: '/rss.xml' }),
    ctx.app.inject({ method: 'GET', url: '/atom.xml' }),
    get('/api/articles?limit=100'),
    get(`/api/articles/${post.id}`),
  ]);
  return {
    single: single.status === 200,
    list: ids(list.body).includes(post.id),
    profile: ids(profileList.body).includes(post.id),
    tag: tag.status === 200 && ids(tag.body).includes(post.id),
    search: ids(search.body).includes(post.id),
    rss: rss.body.includes(post.id),
    atom: atom.body.includes(post.id),
    sitemap: (await sitemapText(ctx)).includes(post.id),
    conduitList: JSON.stringify(articles.body).includes(post.id),
    conduitArticle: article.status === 200,
  };
}

const everywhere = (shown: boolean) => ({
  single: shown,
  list: shown,
  profile: shown,
  tag: shown,
  search: shown,
  rss: shown,
  atom: shown,
  sitemap: shown,
  conduitList: shown,
  conduitArticle: shown,
});

describe('ADMIN_EMAILS', () => {
  it('is comma-separated and compared without regard to case; blank means unset', () => {
    expect(parseAdminEmails(' Boss@Example.com, , ops@example.org ')).toEqual([
      'boss@example.com',
      'ops@example.org',
    ]);
    expect(parseAdminEmails('  ')).toBeUndefined();
    expect(parseAdminEmails(undefined)).toBeUndefined();
  });
});

describeEachDatabase('operators and moderation', (ctx) => {
  let operator: TestUser;
  let reader: TestUser;
  let writer: TestUser;

  beforeAll(async () => {
    // ADMIN_EMAILS is unset here: the first account is the operator.
    operator = await signUpUser(ctx, { username: uniqueName('op') });
    reader = await signUpUser(ctx, { username: uniqueName('reader') });
    writer = await signUpUser(ctx, { username: uniqueName('writer') });
  });

  it('makes the first account the operator when ADMIN_EMAILS is unset, and says so in /api/user/me', async () => {
    expect((await accountOf(ctx, operator)).isOperator).toBe(true);
    expect((await accountOf(ctx, reader)).isOperator).toBe(false);
  });

  it('answers 401 without a token and 403 to a non-operator on every /api/admin route', async () => {
    for (const route of ADMIN_ROUTES) {
      const anonymous = await request<Json>(ctx, {
        method: route.method,
        url: route.url,
        payload: route.payload as object,
      });
      expect(anonymous.status, `${route.method} ${route.url}`).toBe(401);
      const refused = await request<Json>(ctx, {
        method: route.method,
        url: route.url,
        token: reader.token,
        payload: route.payload as object,
      });
      expect(refused.status, `${route.method} ${route.url}`).toBe(403);
      expect(refused.body.message).toBe(FORBIDDEN_NOT_OPERATOR_MESSAGE);
    }
  });

  it("takes a reader's report once, and shows it in the queue with what it is about", async () => {
    const post = await createPost(ctx, writer, { title: 'Cheap pills here', content: 'Buy now.' });
    const first = await report(ctx, reader, 'post', post.id);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.message).toBe(REPORT_THANKS_MESSAGE);
    const again = await report(ctx, reader, 'post', post.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REPORT_ALREADY_OPEN_MESSAGE);
    expect((await report(ctx, reader, 'post', '0192f3a4-5b6c-7d8e-9f01-23456789abcd')).status).toBe(404);
    const bad = await request<Json>(ctx, {
      method: 'POST',
      url: '/api/reports',
      token: reader.token,
      payload: { target: { kind: 'post', id: post.id }, reason: 'boring' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.reason).toBeDefined();
    expect((await request(ctx, { method: 'POST', url: '/api/reports', payload: {} })).status).toBe(401);

    const queue = await asOperator(ctx, operator, 'GET', '/api/admin/reports?state=open');
    expect(queue.status).toBe(200);
    const entry = (queue.body as unknown as Page<Report>).response.find((item) => item.target.id === post.id);
    expect(entry).toMatchObject({
      reason: 'spam',
      note: 'Links to a pill shop',
      reporter: { id: reader.id },
      state: 'open',
      target: { kind: 'post', excerpt: 'Cheap pills here', author: { id: writer.id }, hidden: false },
    });

    const dismissed = await asOperator(ctx, operator, 'POST', `/api/admin/reports/${entry?.id}/dismiss`);
    expect(dismissed.status).toBe(200);
    expect((await asOperator(ctx, operator, 'POST', `/api/admin/reports/${entry?.id}/resolve`)).status).toBe(
      409,
    );
    const settled = await asOperator(ctx, operator, 'GET', '/api/admin/reports?state=dismissed');
    expect((settled.body as unknown as Page<Report>).response[0]).toMatchObject({
      id: entry?.id,
      state: 'dismissed',
      resolvedBy: { id: operator.id },
    });
    // Once settled, the reader may report it again.
    expect((await report(ctx, reader, 'post', post.id)).status).toBe(201);
  });

  it('hides a post from every public read path, keeps it for its author, and restores it', async () => {
    const word = uniqueName('quokka');
    const tag = uniqueName('topic');
    const post = await createPost(ctx, writer, {
      title: `About ${word}`,
      content: `The ${word} smiles.`,
      tags: [tag],
    });
    expect(await visibility(ctx, post, word)).toEqual(everywhere(true));
    await report(ctx, reader, 'post', post.id, 'harassment');

    const hidden = await asOperator(ctx, operator, 'POST', `/api/admin/posts/${post.id}/hide`, {
      reason: 'Spam',
    });
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(await visibility(ctx, post, word)).toEqual(everywhere(false));
    expect((await asOperator(ctx, operator, 'POST', `/api/admin/posts/${post.id}/hide`, {})).status).toBe(
      409,
    );
    // Its author still reads it, marked hidden; the topic no longer counts it.
    const own = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
      token: writer.token,
    });
    expect(own.status).toBe(200);
    expect(own.body.response.hidden).toBe(true);
    const tagInfo = await request<{ response: { postCount: number } }>(ctx, {
      method: 'GET',
      url: `/api/tags/info?name=${tag}`,
    });
    expect(tagInfo.body.response?.postCount ?? 0).toBe(0);
    // Nobody comments on it or reports it.
    expect(
      (
        await request(ctx, {
          method: 'POST',
          url: '/api/post/comments',
          token: reader.token,
          payload: { postId: post.id, body: 'hi' },
        })
      ).status,
    ).toBe(404);
    // Hiding resolved the open report about it.
    const open = await asOperator(ctx, operator, 'GET', '/api/admin/reports');
    expect((open.body as unknown as Page<Report>).response.some((item) => item.target.id === post.id)).toBe(
      false,
    );

    // The author's edit keeps it hidden.
    const edited = await request(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${post.id}`,
      token: writer.token,
      payload: { title: `About ${word} again`, content: `The ${word} still smiles.`, tags: [tag] },
    });
    expect(edited.status).toBe(200);
    expect((await visibility(ctx, post, word)).tag).toBe(false);

    const restored = await asOperator(ctx, operator, 'POST', `/api/admin/posts/${post.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await visibility(ctx, post, word)).toEqual(everywhere(true));
    expect((await asOperator(ctx, operator, 'POST', `/api/admin/posts/${post.id}/restore`, {})).status).toBe(
      409,
    );
  });

  it('hides a comment from its discussion, its count and its link, and deletes one for good', async () => {
    const post = await createPost(ctx, writer, { title: 'Discussed' });
    const kept = await addComment(ctx, reader, post.id, 'A fair point.');
    const rude = await addComment(ctx, reader, post.id, 'A rude remark.');
    expect((await report(ctx, writer, 'comment', rude.id, 'harassment')).status).toBe(201);

    expect((await asOperator(ctx, operator, 'POST', `/api/admin/comments/${rude.id}/hide`, {})).status).toBe(
      200,
    );
    expect((await listComments(ctx, post.id)).map((comment) => comment.id)).toEqual([kept.id]);
    // The post's author is no longer notified of it.
    const lines = (await notificationsOf(ctx, writer)).response;
    expect(lines.some((line) => line.comment?.id === rude.id)).toBe(false);
    expect(lines.some((line) => line.comment?.id === kept.id)).toBe(true);
    const single = await request(ctx, { method: 'GET', url: `/api/post/comment?id=${rude.id}` });
    expect(single.status).toBe(404);
    const counted = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
    });
    expect(counted.body.response.commentCount).toBe(1);
    // Its author sees it, marked hidden.
    const mine = await listComments(ctx, post.id, reader.token);
    expect(mine.find((comment: Comment) => comment.id === rude.id)?.hidden).toBe(true);
    // Replying to it is replying to nothing.
    const reply = await request(ctx, {
      method: 'POST',
      url: '/api/post/comments',
      token: writer.token,
      payload: { postId: post.id, body: 'No.', parentId: rude.id },
    });
    expect(reply.status).toBe(404);

    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/comments/${rude.id}/restore`, {})).status,
    ).toBe(200);
    const back = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${post.id}`,
    });
    expect(back.body.response.commentCount).toBe(2);

    expect((await asOperator(ctx, operator, 'DELETE', `/api/admin/comments/${rude.id}`)).status).toBe(200);
    expect((await listComments(ctx, post.id)).map((comment) => comment.id)).toEqual([kept.id]);
    expect((await asOperator(ctx, operator, 'DELETE', `/api/admin/comments/${rude.id}`)).status).toBe(404);
    expect((await asOperator(ctx, operator, 'DELETE', '/api/admin/comments/not-a-uuid')).status).toBe(404);
  });

  it('deletes a post for good', async () => {
    const post = await createPost(ctx, writer, { title: 'Gone soon' });
    expect((await asOperator(ctx, operator, 'DELETE', `/api/admin/posts/${post.id}`)).status).toBe(200);
    expect(
      (await request(ctx, { method: 'GET', url: `/api/post/blog?id=${post.id}`, token: writer.token }))
        .status,
    ).toBe(404);
  });

  it('suspends an account: its token and API key stop at once, sign-in is refused, its writing and profile vanish; reinstating undoes it', async () => {
    const member = await signUpUser(ctx, { username: uniqueName('member') });
    const word = uniqueName('wombat');
    const post = await createPost(ctx, member, {
      title: `On ${word}`,
      content: `A ${word} digs.`,
      tags: [uniqueName('t')],
    });
    const elsewhere = await createPost(ctx, writer, { title: 'Somewhere else' });
    const comment = await addComment(ctx, member, elsewhere.id, 'Agreed!');
    const key = await request<{ response: { token: string } }>(ctx, {
      method: 'POST',
      url: '/api/user/keys',
      token: member.token,
      payload: { name: 'script', scope: 'write' },
    });
    expect(key.status).toBe(201);
    const apiKey = key.body.response.token;
    // An operator's own hide of one comment must survive the suspension and reinstatement.
    const ownHide = await addComment(ctx, member, elsewhere.id, 'Buy pills');
    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/comments/${ownHide.id}/hide`, {})).status,
    ).toBe(200);

    const suspended = await asOperator(
      ctx,
      operator,
      'POST',
      `/api/admin/users/${member.username.toUpperCase()}/suspend`,
      {
        reason: 'Spam account',
      },
    );
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);

    for (const token of [member.token, apiKey]) {
      const me = await request<Json>(ctx, { method: 'GET', url: '/api/user/me', token });
      expect(me.status).toBe(401);
      expect(me.body.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    }
    const write = await request(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: apiKey,
      payload: { title: 'x', content: 'y' },
    });
    expect(write.status).toBe(401);
    const signIn = await request<Json>(ctx, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: member.email, password: member.password },
    });
    expect(signIn.status).toBe(403);
    expect(signIn.body.message).toBe(ACCOUNT_SUSPENDED_MESSAGE);
    // A wrong password learns nothing about the suspension.
    const wrong = await request(ctx, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { email: member.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);

    expect(await visibility(ctx, post, word)).toEqual(everywhere(false));
    expect((await listComments(ctx, elsewhere.id)).map((item) => item.id)).not.toContain(comment.id);
    expect((await request(ctx, { method: 'GET', url: `/api/user/profile?userId=${member.id}` })).status).toBe(
      404,
    );
    expect((await request(ctx, { method: 'GET', url: `/api/profiles/${member.username}` })).status).toBe(404);
    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/users/${member.username}/suspend`, {})).status,
    ).toBe(409);
    // Restoring one of their posts waits for reinstatement.
    expect((await asOperator(ctx, operator, 'POST', `/api/admin/posts/${post.id}/restore`, {})).status).toBe(
      409,
    );

    const users = await asOperator(ctx, operator, 'GET', `/api/admin/users?q=${member.username.slice(0, 8)}`);
    const listed = (users.body as unknown as Page<ModeratedUser>).response.find(
      (user) => user.id === member.id,
    );
    expect(listed?.suspendedAt).not.toBeNull();

    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/users/${member.username}/reinstate`, {})).status,
    ).toBe(200);
    expect((await request(ctx, { method: 'GET', url: '/api/user/me', token: member.token })).status).toBe(
      200,
    );
    expect((await request(ctx, { method: 'GET', url: '/api/user/me', token: apiKey })).status).toBe(200);
    expect(await visibility(ctx, post, word)).toEqual(everywhere(true));
    const comments = (await listComments(ctx, elsewhere.id)).map((item) => item.id);
    expect(comments).toContain(comment.id);
    expect(comments).not.toContain(ownHide.id);
    expect((await request(ctx, { method: 'GET', url: `/api/user/profile?userId=${member.id}` })).status).toBe(
      200,
    );
    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/users/${member.username}/reinstate`, {})).status,
    ).toBe(409);
  });

  it('refuses to suspend an operator, and 404s an unknown name', async () => {
    expect(
      (await asOperator(ctx, operator, 'POST', `/api/admin/users/${operator.username}/suspend`, {})).status,
    ).toBe(409);
    expect(
      (await asOperator(ctx, operator, 'POST', '/api/admin/users/nobody-at-all/suspend', {})).status,
    ).toBe(404);
  });

  it('keeps every operator action in the audit log, newest first', async () => {
    const log = await asOperator(ctx, operator, 'GET', '/api/admin/log?limit=100');
    expect(log.status).toBe(200);
    const entries = (log.body as unknown as Page<ModerationLogEntry>).response;
    const actions = entries.map((entry) => entry.action);
    // Everything this suite did; the staff picks and testimonials have their own tests below.
    const done = MODERATION_ACTIONS.filter(
      (action) => !['report.resolve', 'staff-picks.set', 'testimonials.set'].includes(action),
    );
    for (const action of done) {
      expect(actions).toContain(action);
    }
    const suspension = entries.find((entry) => entry.action === 'user.suspend');
    expect(suspension).toMatchObject({
      actorId: operator.id,
      actorName: operator.username,
      reason: 'Spam account',
    });
    expect(entries.map((entry) => entry.id)).toEqual([...entries.map((entry) => entry.id)].sort().reverse());
  });

  it("puts the operator's staff picks in the side panel, in order, and falls back when there are none", async () => {
    const first = await createPost(ctx, writer, { title: 'Pick one' });
    const second = await createPost(ctx, writer, { title: 'Pick two' });
    const draft = await request<{ response: Post }>(ctx, {
      method: 'POST',
      url: '/api/post/blog',
      token: writer.token,
      payload: { title: 'Draft', content: 'Not yet', status: 'draft' },
    });
    const refused = await asOperator(ctx, operator, 'PUT', '/api/admin/staff-picks', {
      postIds: [draft.body.response.id],
    });
    expect(refused.status).toBe(400);
    const set = await asOperator(ctx, operator, 'PUT', '/api/admin/staff-picks', {
      postIds: [second.id, first.id],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect((set.body as unknown as { response: StaffPick[] }).response.map((pick) => pick.postId)).toEqual([
      second.id,
      first.id,
    ]);
    const panel = await request<{ response: Discover }>(ctx, { method: 'GET', url: '/api/discover' });
    expect(panel.body.response.staffPicks.chosenBy).toBe('operator');
    expect(panel.body.response.staffPicks.posts.map((post) => post.id)).toEqual([second.id, first.id]);

    // A hidden pick leaves the panel; no picks gives it back to the most favorited.
    await asOperator(ctx, operator, 'POST', `/api/admin/posts/${second.id}/hide`, {});
    const without = await request<{ response: Discover }>(ctx, { method: 'GET', url: '/api/discover' });
    expect(without.body.response.staffPicks.posts.map((post) => post.id)).toEqual([first.id]);
    await asOperator(ctx, operator, 'PUT', '/api/admin/staff-picks', { postIds: [] });
    const fallback = await request<{ response: Discover }>(ctx, { method: 'GET', url: '/api/discover' });
    expect(fallback.body.response.staffPicks.chosenBy).toBe('most-favorited');
  });

  it('shows only chosen, real quotes on the landing page, each linked to its source and author', async () => {
    const empty = await request<{ response: Testimonial[] }>(ctx, {
      method: 'GET',
      url: '/api/testimonials',
    });
    expect(empty.body.response).toEqual([]);
    const post = await createPost(ctx, writer, {
      title: 'Why I write here',
      content: 'It is a calm place to write.',
    });
    const comment = await addComment(ctx, reader, post.id, 'The quietest   reading app I know.');
    const invented = await asOperator(ctx, operator, 'PUT', '/api/admin/testimonials', {
      testimonials: [{ source: { kind: 'post', id: post.id }, quote: 'Best platform ever!' }],
    });
    expect(invented.status).toBe(400);
    expect(invented.body.message).toBe(QUOTE_NOT_IN_SOURCE_MESSAGE);
    const set = await asOperator(ctx, operator, 'PUT', '/api/admin/testimonials', {
      testimonials: [
        { source: { kind: 'comment', id: comment.id }, quote: 'the quietest reading app I know' },
        { source: { kind: 'post', id: post.id }, quote: 'a calm place to write' },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const wall = await request<{ response: Testimonial[] }>(ctx, { method: 'GET', url: '/api/testimonials' });
    expect(wall.body.response).toMatchObject([
      {
        quote: 'the quietest reading app I know',
        author: { id: reader.id },
        source: { kind: 'comment', id: comment.id, postId: post.id },
      },
      { quote: 'a calm place to write', author: { id: writer.id }, source: { kind: 'post', id: post.id } },
    ]);
    // A hidden source takes its quote off the wall (the operator still sees it listed).
    await asOperator(ctx, operator, 'POST', `/api/admin/comments/${comment.id}/hide`, {});
    const after = await request<{ response: Testimonial[] }>(ctx, {
      method: 'GET',
      url: '/api/testimonials',
    });
    expect(after.body.response.map((item) => item.source.id)).toEqual([post.id]);
    const listed = await asOperator(ctx, operator, 'GET', '/api/admin/testimonials');
    expect((listed.body as unknown as { response: Testimonial[] }).response).toHaveLength(2);
  });

  it('answers the instance in figures', async () => {
    const figures = await asOperator(ctx, operator, 'GET', '/api/admin/figures');
    expect(figures.status).toBe(200);
    const body = (figures.body as unknown as { response: InstanceFigures }).response;
    expect(body.users).toBeGreaterThanOrEqual(4);
    expect(body.posts).toBeGreaterThan(0);
    expect(body.comments).toBeGreaterThan(0);
    expect(body.databaseBytes).toBeGreaterThan(0);
    expect(body.media).toBe(0);
  });
});

describeEachDatabase(
  'operators named by ADMIN_EMAILS',
  (ctx) => {
    it('makes exactly the listed accounts operators, whatever the case, and not the first account', async () => {
      const first = await signUpUser(ctx);
      const ops = await signUpUser(ctx, { email: 'OPS@example.com' });
      expect((await accountOf(ctx, first)).isOperator).toBe(false);
      expect(
        (await request(ctx, { method: 'GET', url: '/api/admin/figures', token: first.token })).status,
      ).toBe(403);
      expect((await accountOf(ctx, ops)).isOperator).toBe(true);
      expect(
        (await request(ctx, { method: 'GET', url: '/api/admin/figures', token: ops.token })).status,
      ).toBe(200);
    });
  },
  { config: { adminEmails: ['ops@example.com'] } },
);
