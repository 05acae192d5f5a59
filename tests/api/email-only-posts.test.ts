import { expect, it } from 'vitest';
import { feedPath, type FeedFormat } from '../../contracts/feeds';
import type { Profile } from '../../contracts/auth';
import type { Post } from '../../contracts/posts';
import type { Membership } from '../../contracts/publications';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';

const BASE = 'email-only.test';

/** A post by `writer` with a word and a topic of its own, published with `newsletter`. */
async function publish(ctx: ApiContext, writer: TestUser, word: string, newsletter?: string): Promise<Post> {
  const answer = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: writer.token,
    payload: {
      title: `About ${word}`,
      content: `All about ${word} and nothing else.`,
      tags: [word],
      ...(newsletter ? { newsletter } : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.response;
}

const get = (ctx: ApiContext, url: string, host = 'inkwell.test', token?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: { host, ...(token ? { authorization: `Token ${token}` } : {}) },
  });

/** Every sitemap the main site's index names, read whole. */
async function allSitemaps(ctx: ApiContext): Promise<string> {
  const index = await get(ctx, '/sitemap.xml');
  const children = [...index.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
  const bodies = await Promise.all(
    children.map(
      async (child) => (await get(ctx, `${child.pathname}${child.search}`.replaceAll('&amp;', '&'))).body,
    ),
  );
  return bodies.join('\n');
}

describeEachDatabase(
  'email-only posts',
  (ctx) => {
    it('are emailed, kept off every list, feed, sitemap, search and topic, and reachable by their link', async () => {
      const writer = await signUpUser(ctx);
      const follower = await signUpUser(ctx);
      const word = `zephyrine${process.pid}${ctx.dialect}`;
      const shown = await publish(ctx, writer, word, 'web');
      const emailOnly = await publish(ctx, writer, word, 'email-only');
      expect(emailOnly.newsletter).toBe('email-only');
      // It is queued for the subscribers like any emailed post.
      const send = await ctx.database.db
        .selectFrom('newsletter_sends')
        .select('state')
        .where('post_id', '=', emailOnly.id)
        .executeTakeFirst();
      expect(send).toBeDefined();
      await request(ctx, {
        method: 'POST',
        url: `/api/user/follow?userId=${writer.id}`,
        token: follower.token,
      });
      await request(ctx, {
        method: 'POST',
        url: `/api/post/favorite?id=${emailOnly.id}`,
        token: follower.token,
      });
      await request(ctx, { method: 'POST', url: `/api/post/favorite?id=${shown.id}`, token: follower.token });

      // Each list: the listed post is there (so the path is the right one), the email-only one not.
      const lists: [string, string, string?][] = [
        ['home', '/api/post/blog/all'],
        ['profile', `/api/post/profile?userId=${writer.id}`],
        ['topic', `/api/post/blog/all?tag=${word}`],
        ['search', `/api/search?q=${word}`],
        ['following feed', '/api/post/feed', follower.token],
        ['favorites', `/api/post/favorites?userId=${follower.id}`, follower.token],
        ['conduit articles', `/api/articles?author=${encodeURIComponent(writer.username)}`],
        ['conduit topic', `/api/articles?tag=${word}`],
        ['conduit feed', '/api/articles/feed', follower.token],
      ];
      for (const [name, url, token] of lists) {
        const answer = await get(ctx, url, 'inkwell.test', token);
        expect(answer.statusCode, `${name}: ${answer.body}`).toBe(200);
        expect(answer.body, name).toContain(shown.id);
        expect(answer.body, name).not.toContain(emailOnly.id);
      }
      for (const format of ['rss', 'atom'] as FeedFormat[]) {
        for (const scope of [{}, { userId: writer.id }, { tag: word }]) {
          const feed = await get(ctx, feedPath(format, scope));
          expect(feed.body, `${format} ${JSON.stringify(scope)}`).toContain(shown.id);
          expect(feed.body, `${format} ${JSON.stringify(scope)}`).not.toContain(emailOnly.id);
        }
      }
      const sitemaps = await allSitemaps(ctx);
      expect(sitemaps).toContain(shown.id);
      expect(sitemaps).not.toContain(emailOnly.id);

      // Its writer's site: home, feed and sitemap leave it out too.
      const mine = await request<{ response: Membership[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      });
      const site = `${mine.body.response[0]!.publication.slug}.${BASE}`;
      for (const path of ['/', '/rss.xml', '/atom.xml', '/sitemap.xml']) {
        const answer = await get(ctx, path, site);
        expect(answer.statusCode, path).toBe(200);
        // Site pages name posts by their addresses (decision 79): About-word and About-word-2.
        expect(answer.body, path).toContain(`/posts/${shown.slug}`);
        expect(answer.body, path).not.toContain(`/posts/${emailOnly.slug}`);
        expect(answer.body, path).not.toContain(emailOnly.id);
      }

      // Counts beside the writer's name and the topic's count the listed post alone.
      const profile = await request<{ response: Profile }>(ctx, {
        method: 'GET',
        url: `/api/user/profile?userId=${writer.id}`,
      });
      expect(profile.body.response.postCount).toBe(1);
      const topic = await request<{ response: { postCount: number } }>(ctx, {
        method: 'GET',
        url: `/api/tags/info?name=${word}`,
      });
      expect(topic.body.response.postCount).toBe(1);

      // Its own pages stay reachable by their link, for anyone.
      const byLink = await request<{ response: Post }>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${emailOnly.id}`,
      });
      expect(byLink.status).toBe(200);
      expect(byLink.body.response.newsletter).toBe('email-only');
      expect((await get(ctx, `/posts/${emailOnly.id}`, site)).statusCode).toBe(200);
      const article = await get(ctx, `/api/articles/about-${word}-${emailOnly.id}`);
      expect(article.statusCode, article.body).toBe(200);
      // A listed post's answer carries no choice once published.
      expect(
        (await request<{ response: Post }>(ctx, { method: 'GET', url: `/api/post/blog?id=${shown.id}` })).body
          .response.newsletter,
      ).toBeUndefined();

      // Put on the web later (the choice named on an edit), it joins the lists, its topic included.
      const onWeb = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${emailOnly.id}`,
        token: writer.token,
        payload: {
          title: `About ${word}`,
          content: `All about ${word} and nothing else.`,
          newsletter: 'web',
        },
      });
      expect(onWeb.status).toBe(200);
      expect((await get(ctx, `/api/post/blog/all?tag=${word}`)).body).toContain(emailOnly.id);
      expect((await get(ctx, `/api/search?q=${word}`)).body).toContain(emailOnly.id);
    });

    it("answers a scheduled post's saved choice to its writer, and saves a changed one", async () => {
      const writer = await signUpUser(ctx);
      const publishAt = new Date(Date.now() + 60 * 60_000).toISOString();
      const body = { title: 'Later', content: 'Words for later.', publishAt };
      const created = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { ...body, newsletter: 'email-only' },
      });
      expect(created.status).toBe(201);
      const id = created.body.response.id;
      const read = async () =>
        (
          await request<{ response: Post }>(ctx, {
            method: 'GET',
            url: `/api/post/blog?id=${id}`,
            token: writer.token,
          })
        ).body.response.newsletter;
      const sendOf = () =>
        ctx.database.db
          .selectFrom('newsletter_sends')
          .select('state')
          .where('post_id', '=', id)
          .executeTakeFirst();
      expect(await read()).toBe('email-only');
      expect(await sendOf()).toBeDefined();
      // An edit that names no choice keeps it; one that names "web" changes it and unqueues the send.
      const put = (extra: Record<string, unknown>) =>
        request(ctx, {
          method: 'PUT',
          url: `/api/post/blog?id=${id}`,
          token: writer.token,
          payload: { ...body, ...extra },
        });
      expect((await put({ publishAt: undefined })).status).toBe(200);
      expect(await read()).toBe('email-only');
      expect((await put({ publishAt: undefined, newsletter: 'web' })).status).toBe(200);
      expect(await read()).toBe('web');
      expect(await sendOf()).toBeUndefined();
      // A draft published without a choice keeps the list's default, and says so while scheduled.
      const draft = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { title: 'Draft', content: 'Words.', status: 'draft' },
      });
      expect(draft.body.response.newsletter).toBeUndefined();
      const scheduled = await request<{ response: Post }>(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${draft.body.response.id}`,
        token: writer.token,
        payload: { title: 'Draft', content: 'Words.', publishAt },
      });
      expect(scheduled.body.response.newsletter).toBe('email');
    });
  },
  { config: { baseDomain: BASE } },
);
