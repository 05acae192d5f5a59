import { describe, expect, it } from 'vitest';
import type { Author } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import {
  describeEachDatabase,
  request,
  signUpUser,
  type ApiContext,
  type TestUser,
  handleOf,
} from './support/harness';
import { createPost, deletePost, getPage, walkPages } from './support/posts';
import {
  addComment,
  block,
  notificationsOf,
  postComment,
  uniqueName,
  unreadOf,
} from './support/conversation';

const favorite = (ctx: ApiContext, user: TestUser, postId: string, method: 'POST' | 'DELETE' = 'POST') =>
  request(ctx, { method, url: `/api/post/favorite?id=${postId}`, token: user.token });

const follow = (ctx: ApiContext, user: TestUser, userId: string, method: 'POST' | 'DELETE' = 'POST') =>
  request(ctx, { method, url: `/api/user/follow?userId=${userId}`, token: user.token });

const markRead = (ctx: ApiContext, user: TestUser, id: string) =>
  request<{ response: { unread: number } }>(ctx, {
    method: 'POST',
    url: `/api/notifications/read?id=${id}`,
    token: user.token,
  });

describeEachDatabase('notifications API', (ctx) => {
  it('tells a writer of a comment, a reply, a follow and a favorite, newest first, never of their own doing', async () => {
    const writer = await signUpUser(ctx);
    const ada = await signUpUser(ctx, { username: uniqueName('Ada') });
    const post = await createPost(ctx, writer, { title: 'On ink' });
    const mine = await addComment(ctx, writer, post.id, 'My own note');
    await addComment(ctx, writer, post.id, 'Answering myself', mine.id);
    await favorite(ctx, writer, post.id);
    expect((await notificationsOf(ctx, writer)).response).toEqual([]);

    const comment = await addComment(ctx, ada, post.id, 'Nice **piece**');
    await addComment(ctx, ada, post.id, 'Agreed', mine.id);
    await follow(ctx, ada, writer.id);
    await favorite(ctx, ada, post.id);
    const page = await notificationsOf(ctx, writer);
    expect(page.response.map((group) => group.kind)).toEqual(['favorite', 'follow', 'reply', 'comment']);
    const actor: Author = { id: ada.id, username: ada.username, handle: expect.any(String) as string };
    expect(page.response[3]).toEqual({
      id: expect.any(String),
      kind: 'comment',
      unread: true,
      createdAt: expect.stringMatching(/^\d{4}-/),
      actor,
      remote: null,
      others: 0,
      post: {
        id: post.id,
        title: 'On ink',
        author: { id: writer.id, username: writer.username, handle: expect.any(String) as string },
      },
      comment: { id: comment.id, excerpt: 'Nice piece' },
      publication: null,
    });
    expect(page.response[1]).toMatchObject({ kind: 'follow', actor, post: null, comment: null });
    expect(await unreadOf(ctx, writer)).toBe(4);
    // Someone who only replied, on another person's post, is told of the reply to their comment.
    const host = await signUpUser(ctx);
    const hostPost = await createPost(ctx, host);
    const top = await addComment(ctx, writer, hostPost.id, 'Hi');
    await addComment(ctx, ada, hostPost.id, 'Hello back', top.id);
    expect((await notificationsOf(ctx, writer)).response[0]).toMatchObject({ kind: 'reply', actor });
    // The host hears of both comments on their post as one line: the newest commenter and one other.
    expect((await notificationsOf(ctx, host)).response).toEqual([
      expect.objectContaining({ kind: 'comment', actor, others: 1 }),
    ]);
  });

  it('groups the same kind about the same thing: "Ada and 3 others favorited …"', async () => {
    const writer = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    const fans = [];
    for (let index = 0; index < 4; index += 1) fans.push(await signUpUser(ctx));
    for (const fan of fans) await favorite(ctx, fan, post.id);
    // Idempotent favorites do not notify twice.
    await favorite(ctx, fans[3] as TestUser, post.id);
    const page = await notificationsOf(ctx, writer);
    expect(page.response).toHaveLength(1);
    expect(page.response[0]).toMatchObject({
      kind: 'favorite',
      actor: { id: fans[3]?.id },
      others: 3,
      post: { id: post.id },
    });
    expect(await unreadOf(ctx, writer)).toBe(1);
    // Read lines and newer unread ones are apart: what is new stands out.
    await markRead(ctx, writer, page.response[0]?.id ?? '');
    const late = await signUpUser(ctx);
    await favorite(ctx, late, post.id);
    const after = await notificationsOf(ctx, writer);
    expect(after.response.map((group) => [group.unread, group.others])).toEqual([
      [true, 0],
      [false, 3],
    ]);
  });

  it('takes back an unread favorite or follow that was undone', async () => {
    const writer = await signUpUser(ctx);
    const fan = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    await favorite(ctx, fan, post.id);
    await follow(ctx, fan, writer.id);
    await favorite(ctx, fan, post.id, 'DELETE');
    await follow(ctx, fan, writer.id, 'DELETE');
    expect((await notificationsOf(ctx, writer)).response).toEqual([]);
  });

  it('marks one line or all as read; the unread count follows', async () => {
    const writer = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    const readers = [await signUpUser(ctx), await signUpUser(ctx)];
    for (const reader of readers) {
      await addComment(ctx, reader, post.id, 'Hi');
      await follow(ctx, reader, writer.id);
    }
    expect(await unreadOf(ctx, writer)).toBe(2);
    const [newest] = (await notificationsOf(ctx, writer)).response;
    const marked = await markRead(ctx, writer, newest?.id ?? '');
    expect(marked.body).toEqual({ response: { unread: 1 } });
    const all = await request(ctx, {
      method: 'POST',
      url: '/api/notifications/read-all',
      token: writer.token,
    });
    expect(all.body).toEqual({ response: { unread: 0 } });
    expect((await notificationsOf(ctx, writer)).response.every((group) => !group.unread)).toBe(true);
    // Another reader's notification is not found, whatever its id.
    const other = await signUpUser(ctx);
    expect((await markRead(ctx, other, newest?.id ?? '')).status).toBe(404);
    expect((await markRead(ctx, other, uuidv7())).status).toBe(404);
    expect((await markRead(ctx, other, 'x')).status).toBe(404);
  });

  it('pages newest first by keyset, each line once', async () => {
    const writer = await signUpUser(ctx);
    const posts = [];
    for (let index = 0; index < 7; index += 1) posts.push(await createPost(ctx, writer));
    const fan = await signUpUser(ctx);
    for (const post of posts) await favorite(ctx, fan, post.id);
    const first = await getPage(ctx, '/api/notifications?limit=3', writer.token);
    expect(first.response).toHaveLength(3);
    const all = await walkPages<{ id: string; post: { id: string } }>(
      ctx,
      '/api/notifications?limit=3',
      writer.token,
    );
    expect(all.map((group) => group.post.id)).toEqual(posts.map((post) => post.id).reverse());
    const bad = await request(ctx, {
      method: 'GET',
      url: '/api/notifications?cursor=zz',
      token: writer.token,
    });
    expect(bad.status).toBe(400);
  });

  it('never shows a deleted comment: its notifications go with it, and with its post', async () => {
    const writer = await signUpUser(ctx);
    const name = uniqueName('dee');
    const dee = await signUpUser(ctx, { username: name });
    const troll = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    const top = await addComment(ctx, troll, post.id, `Rude words @${name}`);
    await addComment(ctx, dee, post.id, 'Please stop', top.id);
    await request(ctx, { method: 'DELETE', url: `/api/post/comments?id=${top.id}`, token: troll.token });
    const seen = JSON.stringify([await notificationsOf(ctx, writer), await notificationsOf(ctx, dee)]);
    expect(seen).not.toContain('Rude words');
    expect((await notificationsOf(ctx, dee)).response).toEqual([]);
    await deletePost(ctx, writer, post.id);
    expect((await notificationsOf(ctx, writer)).response).toEqual([]);
  });

  it('hides what is about a post its author took back to draft, and shows it again once published', async () => {
    const writer = await signUpUser(ctx);
    const name = uniqueName('Reader');
    const reader = await signUpUser(ctx, { username: name });
    const ada = await signUpUser(ctx, { username: uniqueName('Ada') });
    const post = await createPost(ctx, writer, { title: 'Out in the open' });
    const top = await addComment(ctx, reader, post.id, 'A first thought');
    await addComment(ctx, ada, post.id, `Indeed, @${name}`, top.id);
    expect((await notificationsOf(ctx, reader)).response.map((line) => line.kind)).toEqual(['reply']);
    expect(await unreadOf(ctx, reader)).toBe(1);

    const unpublish = (status: 'draft' | 'published', title: string) =>
      request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: writer.token,
        payload: { title, content: 'Content', status },
      });
    expect((await unpublish('draft', 'A title not yet for readers')).status).toBe(200);
    const hidden = await notificationsOf(ctx, reader);
    expect(hidden.response).toEqual([]);
    expect(JSON.stringify(hidden)).not.toContain('A title not yet for readers');
    expect(await unreadOf(ctx, reader)).toBe(0);
    // The post's own author still hears of everything about it.
    expect((await notificationsOf(ctx, writer)).response.map((line) => line.kind)).toEqual(['comment']);

    expect((await unpublish('published', 'Back out')).status).toBe(200);
    expect((await notificationsOf(ctx, reader)).response).toEqual([
      expect.objectContaining({ kind: 'reply', post: expect.objectContaining({ title: 'Back out' }) }),
    ]);
    expect(await unreadOf(ctx, reader)).toBe(1);
  });

  it('sends nothing from someone the reader blocked', async () => {
    const writer = await signUpUser(ctx);
    const troll = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    await block(ctx, writer, troll);
    // A block also keeps the reader off the blocker's discussions (decision 77).
    expect((await postComment(ctx, { postId: post.id, body: 'Hi' }, troll.token)).status).toBe(403);
    await follow(ctx, troll, writer.id);
    await favorite(ctx, troll, post.id);
    expect((await notificationsOf(ctx, writer)).response).toEqual([]);
    expect(await unreadOf(ctx, writer)).toBe(0);
  });

  it('answers 401 without a token on every notifications address', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread'],
      ['POST', `/api/notifications/read?id=${uuidv7()}`],
      ['POST', '/api/notifications/read-all'],
    ] as const) {
      expect((await request(ctx, { method, url })).status).toBe(401);
    }
  });

  describe('followers and following lists', () => {
    it('pages a profile’s followers and the people it follows; 404 for an unknown user', async () => {
      const star = await signUpUser(ctx);
      const fans = [];
      for (let index = 0; index < 5; index += 1) {
        const fan = await signUpUser(ctx);
        fans.push(fan);
        await follow(ctx, fan, star.id);
      }
      await follow(ctx, star, fans[0]?.id ?? '');
      const followers = await walkPages<Author>(ctx, `/api/user/followers?userId=${star.id}&limit=2`);
      expect(followers.map((user) => user.id).sort()).toEqual(fans.map((fan) => fan.id).sort());
      expect(followers[0]).toEqual({
        id: expect.any(String),
        username: expect.any(String),
        handle: expect.any(String),
      });
      const following = await getPage<Author>(ctx, `/api/user/following?userId=${star.id}`);
      expect(following.response).toEqual([
        { id: fans[0]?.id, username: fans[0]?.username, handle: await handleOf(ctx, fans[0]?.id ?? '') },
      ]);
      const unknown = await request(ctx, { method: 'GET', url: `/api/user/followers?userId=${uuidv7()}` });
      expect(unknown.status).toBe(404);
      expect((await request(ctx, { method: 'GET', url: '/api/user/following' })).status).toBe(400);
    });
  });
});
