import {
  Article,
  Create,
  Group,
  Hashtag,
  OrderedCollection,
  OrderedCollectionPage,
  Person,
} from '@fedify/vocab';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, handleOf, request, signUpUser, type TestUser } from './support/harness';
import { attributeValues, sourcePages, templateWebDir } from './support/pages';
import { addComment } from './support/conversation';
import { createPost } from './support/posts';
import { addMember, createPublication } from './support/publications';

const PUBLIC_URL = 'http://inkwell.test';
const HOST = 'inkwell.test';
const AS = 'application/activity+json';
const LD = 'application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
/** What Mastodon sends when it fetches an actor or a post. */
const MASTODON_ACCEPT = `${AS}, ${LD}, text/html;q=0.1`;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

type Json = Record<string, unknown>;

const webDir = templateWebDir();

describeEachDatabase(
  'the social web: discovery, actors and posts',
  (ctx) => {
    let alice: TestUser;
    let aliceHandle: string;
    let editor: TestUser;
    let published: Post;
    let teamPost: Post;
    let draft: Post;
    let scheduled: Post;
    let publicationId: string;
    let personalSlug: string;

    const get = (url: string, accept = MASTODON_ACCEPT) =>
      request<Json>(ctx, { method: 'GET', url, headers: { accept } });

    beforeAll(async () => {
      alice = await signUpUser(ctx, { username: 'Alice <Fediverse>' });
      aliceHandle = await handleOf(ctx, alice.id);
      const bio = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: alice.token,
        payload: { bio: 'I write <b>letters</b>\n\nand essays' },
      });
      expect(bio.status, JSON.stringify(bio.body)).toBe(200);
      editor = await signUpUser(ctx);
      published = await createPost(ctx, alice, {
        title: 'Hello, fediverse',
        content: '# Part one\n\nSome **bold** words and [a link](/allblog).\n\n<script>alert(1)</script>',
        tags: ['Machine Learning', 'c++', 'notes'],
      });
      const drafted = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: alice.token,
        payload: { title: 'Not yet', content: 'Draft words', status: 'draft' },
      });
      expect(drafted.status).toBe(201);
      draft = drafted.body.response;
      const later = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: alice.token,
        payload: {
          title: 'Later',
          content: 'Scheduled words',
          publishAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      });
      expect(later.status, JSON.stringify(later.body)).toBe(201);
      scheduled = later.body.response;
      const team = await createPublication(ctx, alice, 'letters');
      publicationId = team.id;
      await addMember(ctx, alice, 'letters', editor, 'editor');
      const inTeam = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: editor.token,
        payload: { title: 'A team letter', content: 'From the team', publication: 'letters' },
      });
      expect(inTeam.status, JSON.stringify(inTeam.body)).toBe(201);
      teamPost = inTeam.body.response;
      const own = await ctx.database.db
        .selectFrom('publications')
        .select('slug')
        .where('personal_user_id', '=', alice.id)
        .executeTakeFirstOrThrow();
      personalSlug = own.slug;
    });

    describe('WebFinger', () => {
      it('names a writer by acct:handle@host, with a self link to the actor and the profile page', async () => {
        const answer = await request<Json>(ctx, {
          method: 'GET',
          url: `/.well-known/webfinger?resource=acct:${aliceHandle}@${HOST}`,
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^application\/jrd\+json/);
        expect(answer.headers['access-control-allow-origin']).toBe('*');
        const actor = `${PUBLIC_URL}/ap/users/${alice.id}`;
        expect(answer.body).toEqual({
          subject: `acct:${aliceHandle}@${HOST}`,
          aliases: [actor, `${PUBLIC_URL}/@${aliceHandle}`],
          links: [
            { rel: 'self', type: AS, href: actor },
            {
              rel: 'http://webfinger.net/rel/profile-page',
              type: 'text/html',
              href: `${PUBLIC_URL}/@${aliceHandle}`,
            },
          ],
        });
      });

      it('folds case and a leading @ as handles are folded, and accepts the actor’s or profile’s address', async () => {
        for (const resource of [
          `acct:${aliceHandle.toUpperCase()}@${HOST.toUpperCase()}`,
          `acct:@${aliceHandle}@${HOST}`,
          `${PUBLIC_URL}/ap/users/${alice.id}`,
          `${PUBLIC_URL}/@${aliceHandle}`,
          `${PUBLIC_URL}/profile?userId=${alice.id}`,
        ]) {
          const answer = await request<{ subject: string; links: { href: string }[] }>(ctx, {
            method: 'GET',
            url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
          });
          expect(answer.status, resource).toBe(200);
          expect(answer.body.subject, resource).toBe(`acct:${aliceHandle}@${HOST}`);
          expect(answer.body.links[0]?.href).toBe(`${PUBLIC_URL}/ap/users/${alice.id}`);
        }
      });

      it('names a team publication by its address, and a writer’s own blog by its address as the writer', async () => {
        const team = await request<{ subject: string; links: { rel: string; href: string }[] }>(ctx, {
          method: 'GET',
          url: `/.well-known/webfinger?resource=acct:letters@${HOST}`,
        });
        expect(team.status).toBe(200);
        expect(team.body.subject).toBe(`acct:letters@${HOST}`);
        expect(team.body.links[0]?.href).toBe(`${PUBLIC_URL}/ap/publications/${publicationId}`);
        expect(team.body.links[1]?.href).toBe(`${PUBLIC_URL}/pub/letters`);

        const own = await request<{ subject: string; aliases: string[]; links: { href: string }[] }>(ctx, {
          method: 'GET',
          url: `/.well-known/webfinger?resource=acct:${personalSlug}@${HOST}`,
        });
        expect(own.status).toBe(200);
        expect(own.body.links[0]?.href).toBe(`${PUBLIC_URL}/ap/users/${alice.id}`);
        if (personalSlug !== aliceHandle) expect(own.body.aliases).toContain(`acct:${aliceHandle}@${HOST}`);
      });

      it('answers 404 in JSON for nobody here, another host, or a former member', async () => {
        for (const resource of [
          `acct:nobody_at_all@${HOST}`,
          `acct:${aliceHandle}@elsewhere.example`,
          `https://elsewhere.example/@${aliceHandle}`,
          `${PUBLIC_URL}/ap/users/${uuidv7()}`,
          `${PUBLIC_URL}/ap/users/not-an-id`,
          `${PUBLIC_URL}/allblog`,
        ]) {
          const answer = await request<Json>(ctx, {
            method: 'GET',
            url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}`,
          });
          expect(answer.status, resource).toBe(404);
          expect(answer.headers['content-type'], resource).toMatch(/^application\/json/);
          expect(answer.body.message, resource).toBe('No such account here');
        }
      });

      it('answers 400 for a missing, repeated or malformed resource', async () => {
        for (const query of [
          '',
          'resource=',
          `resource=acct:a@${HOST}&resource=acct:b@${HOST}`,
          'resource=acct:nobody',
          `resource=acct:@${HOST}`,
          'resource=acct:alice@',
          'resource=mailto:alice@inkwell.test',
          'resource=acct:%E0%A4%A@inkwell.test',
          'resource=not a resource',
          `resource=${'a'.repeat(600)}`,
          'resource=ftp://inkwell.test/x',
        ]) {
          const answer = await request<Json>(ctx, { method: 'GET', url: `/.well-known/webfinger?${query}` });
          expect(answer.status, query).toBe(400);
          expect(typeof answer.body.message, query).toBe('string');
        }
      });
    });

    describe('NodeInfo', () => {
      it('points to the 2.1 document, which counts real accounts and listed posts', async () => {
        const links = await request<{ links: { rel: string; href: string }[] }>(ctx, {
          method: 'GET',
          url: '/.well-known/nodeinfo',
        });
        expect(links.status).toBe(200);
        expect(links.body.links).toEqual([
          { rel: 'http://nodeinfo.diaspora.software/ns/schema/2.1', href: `${PUBLIC_URL}/nodeinfo/2.1` },
        ]);
        const users = await ctx.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('handle', 'is not', null)
          .where('suspended_at', 'is', null)
          .executeTakeFirstOrThrow();
        await addComment(ctx, editor, published.id, 'A first comment');
        const second = await addComment(ctx, editor, published.id, 'A second, deleted');
        const deleted = await request(ctx, {
          method: 'DELETE',
          url: `/api/post/comments?id=${second.id}`,
          token: editor.token,
        });
        expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
        const info = await request<Json>(ctx, { method: 'GET', url: '/nodeinfo/2.1' });
        expect(info.status).toBe(200);
        expect(info.headers['content-type']).toContain('nodeinfo.diaspora.software/ns/schema/2.1');
        expect(info.body).toMatchObject({
          version: '2.1',
          software: { name: 'inkwell' },
          protocols: ['activitypub'],
          openRegistrations: true,
          // Two writers published: alice (her own post) and the editor (the team's letter); the
          // draft and the scheduled post are not counted.
          // One comment is left: the deleted one is not counted.
          usage: {
            users: { total: Number(users.n), activeMonth: 2, activeHalfyear: 2 },
            localPosts: 2,
            localComments: 1,
          },
        });
      });
    });

    describe('actors', () => {
      it('makes every writer a Person with the fields Mastodon reads', async () => {
        const answer = await get(`/ap/users/${alice.id}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^application\/activity\+json/);
        const actor = `${PUBLIC_URL}/ap/users/${alice.id}`;
        expect(answer.body).toMatchObject({
          id: actor,
          type: 'Person',
          preferredUsername: aliceHandle,
          name: 'Alice <Fediverse>',
          summary: '<p>I write &lt;b&gt;letters&lt;/b&gt;</p><p>and essays</p>',
          url: `${PUBLIC_URL}/@${aliceHandle}`,
          inbox: `${actor}/inbox`,
          outbox: `${actor}/outbox`,
          followers: `${actor}/followers`,
          following: `${actor}/following`,
          endpoints: { sharedInbox: `${PUBLIC_URL}/ap/inbox` },
        });
        // Valid JSON-LD that a JSON-LD processor reads back as the same Person.
        const person = await Person.fromJsonLd(answer.body);
        expect(person.id?.href).toBe(actor);
        expect(person.preferredUsername?.toString()).toBe(aliceHandle);
        expect(person.inboxId?.href).toBe(`${actor}/inbox`);
      });

      it('makes a team publication a Group, and no writer’s own blog one', async () => {
        const answer = await get(`/ap/publications/${publicationId}`);
        expect(answer.status).toBe(200);
        expect(answer.body).toMatchObject({
          type: 'Group',
          preferredUsername: 'letters',
          name: 'Team letters',
          summary: '<p>Letters</p>',
          url: `${PUBLIC_URL}/pub/letters`,
        });
        const group = await Group.fromJsonLd(answer.body);
        expect(group.outboxId?.href).toBe(`${PUBLIC_URL}/ap/publications/${publicationId}/outbox`);
        expect((await get(`/ap/publications/${alice.id}`)).status).toBe(404);
      });

      it('answers 404 for unknown, malformed and suspended actors', async () => {
        expect((await get(`/ap/users/${uuidv7()}`)).status).toBe(404);
        expect((await get('/ap/users/bob')).status).toBe(404);
        expect((await get(`/ap/publications/${uuidv7()}`)).status).toBe(404);
        const member = await signUpUser(ctx);
        const operator = await ctx.database.db
          .selectFrom('users')
          .select('id')
          .orderBy('created_at')
          .executeTakeFirstOrThrow();
        expect(operator.id).toBe(alice.id);
        const suspended = await request(ctx, {
          method: 'POST',
          url: `/api/admin/users/${encodeURIComponent(member.username)}/suspend`,
          token: alice.token,
          payload: {},
        });
        expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
        expect((await get(`/ap/users/${member.id}`)).status).toBe(404);
      });
    });

    describe('posts as Articles', () => {
      it('answers a published post as an Article with sanitized HTML, summary, address, author and hashtags', async () => {
        const answer = await get(`/ap/posts/${published.id}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const body = answer.body;
        expect(body).toMatchObject({
          id: `${PUBLIC_URL}/ap/posts/${published.id}`,
          type: 'Article',
          name: 'Hello, fediverse',
          attributedTo: `${PUBLIC_URL}/ap/users/${alice.id}`,
          url: `${PUBLIC_URL}/readblog?id=${published.id}`,
          mediaType: 'text/html',
          to: 'as:Public',
          cc: `${PUBLIC_URL}/ap/users/${alice.id}/followers`,
        });
        expect(body.content).toContain('<strong>bold</strong>');
        expect(body.content).toContain(`href="${PUBLIC_URL}/allblog"`);
        expect(body.content).not.toContain('<script');
        expect(body.summary).toMatch(/^Part one Some bold words/);
        const article = await Article.fromJsonLd(body);
        // Temporal writes milliseconds without their trailing zeros (.120 as .12): compared as instants.
        expect(article.published?.epochMilliseconds).toBe(Date.parse(published.publishedAt ?? ''));
        const tags = [];
        for await (const tag of article.getTags()) tags.push(tag);
        expect(
          tags.map((tag) => (tag instanceof Hashtag ? [tag.name?.toString(), tag.href?.href] : null)),
        ).toEqual([
          ['#MachineLearning', `${PUBLIC_URL}/tag?name=machine-learning`],
          ['#c', `${PUBLIC_URL}/tag?name=c%2B%2B`],
          ['#notes', `${PUBLIC_URL}/tag?name=notes`],
        ]);
      });

      it('attributes a team publication’s post to the publication', async () => {
        const answer = await get(`/ap/posts/${teamPost.id}`);
        expect(answer.status).toBe(200);
        expect(answer.body.attributedTo).toBe(`${PUBLIC_URL}/ap/publications/${publicationId}`);
      });

      it('answers 404 for drafts, scheduled posts, unknown and malformed ids', async () => {
        for (const id of [draft.id, scheduled.id, uuidv7(), 'nope']) {
          const answer = await get(`/ap/posts/${id}`);
          expect(answer.status, id).toBe(404);
          expect(typeof answer.body.message).toBe('string');
        }
      });
    });

    describe('outboxes and collections', () => {
      it('lists the blog’s listed posts as Create(Article), page by page', async () => {
        const outbox = `${PUBLIC_URL}/ap/users/${alice.id}/outbox`;
        const collection = await get(`/ap/users/${alice.id}/outbox`);
        expect(collection.status).toBe(200);
        expect(collection.body).toMatchObject({
          type: 'OrderedCollection',
          id: outbox,
          totalItems: 1,
          first: `${outbox}?page=true`,
        });
        expect(await OrderedCollection.fromJsonLd(collection.body)).toBeInstanceOf(OrderedCollection);
        const page = await get(`/ap/users/${alice.id}/outbox?page=true`);
        expect(page.status).toBe(200);
        const parsed = await OrderedCollectionPage.fromJsonLd(page.body);
        const items = [];
        for await (const item of parsed.getItems()) items.push(item);
        expect(items).toHaveLength(1);
        const create = items[0] as Create;
        expect(create).toBeInstanceOf(Create);
        expect(create.actorId?.href).toBe(`${PUBLIC_URL}/ap/users/${alice.id}`);
        expect((await create.getObject())?.id?.href).toBe(`${PUBLIC_URL}/ap/posts/${published.id}`);

        const team = await get(`/ap/publications/${publicationId}/outbox`);
        expect(team.body.totalItems).toBe(1);
      });

      it('walks more than a page by cursor, and refuses a cursor it never gave', async () => {
        const writer = await signUpUser(ctx);
        for (let index = 0; index < 23; index += 1) await createPost(ctx, writer, { title: `N${index}` });
        const first = await get(`/ap/users/${writer.id}/outbox?page=true`);
        const firstItems = first.body.orderedItems as Json[];
        expect(firstItems).toHaveLength(20);
        expect(typeof first.body.next).toBe('string');
        const next = new URL(first.body.next as string);
        const second = await get(`${next.pathname}${next.search}`);
        expect(second.status).toBe(200);
        const secondItems = (
          Array.isArray(second.body.orderedItems) ? second.body.orderedItems : [second.body.orderedItems]
        ) as Json[];
        expect(secondItems).toHaveLength(3);
        expect(second.body.next).toBeUndefined();
        const titles = [...firstItems, ...secondItems].map((item) => (item.object as Json).name);
        expect(new Set(titles).size).toBe(23);
        for (const query of [
          'cursor=bogus',
          'page=false',
          'page=true&page=true',
          `cursor=${'x'.repeat(300)}`,
        ]) {
          const answer = await get(`/ap/users/${writer.id}/outbox?${query}`);
          expect(answer.status, query).toBe(400);
        }
      });

      it('gives the followers and following counts, not who they are', async () => {
        const follow = await request(ctx, {
          method: 'POST',
          url: `/api/user/follow?userId=${alice.id}`,
          token: editor.token,
        });
        expect(follow.status).toBe(200);
        const followers = await get(`/ap/users/${alice.id}/followers`);
        expect(followers.body).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
        expect(followers.body.orderedItems).toBeUndefined();
        const following = await get(`/ap/users/${editor.id}/following`);
        expect(following.body.totalItems).toBe(1);
        expect((await get(`/ap/publications/${publicationId}/followers`)).body.totalItems).toBe(0);
      });
    });

    describe('content negotiation on the pages’ own addresses', () => {
      it('answers ActivityStreams to Mastodon and the page to a browser, at the same address, varying on Accept', async () => {
        for (const [path, type] of [
          [`/@${aliceHandle}`, 'Person'],
          [`/profile?userId=${alice.id}`, 'Person'],
          [`/readblog?id=${published.id}`, 'Article'],
        ] as const) {
          for (const accept of [AS, LD, MASTODON_ACCEPT, 'application/ld+json']) {
            const answer = await get(path, accept);
            expect(answer.status, `${path} ${accept}`).toBe(200);
            expect(answer.headers['content-type']).toMatch(/^application\/activity\+json/);
            expect(answer.body.type).toBe(type);
            expect(String(answer.headers.vary)).toMatch(/accept(,|$)/i);
          }
          for (const accept of [BROWSER_ACCEPT, '*/*', 'text/html', 'application/json']) {
            const page = await request(ctx, { method: 'GET', url: path, headers: { accept } });
            expect(page.status, `${path} ${accept}`).toBe(200);
            expect(page.headers['content-type']).toMatch(/^text\/html/);
            expect(String(page.headers.vary)).toMatch(/accept(,|$)/i);
          }
        }
      });

      it('answers 404 in JSON to ActivityStreams clients for what the public cannot read', async () => {
        for (const path of [
          `/readblog?id=${draft.id}`,
          `/readblog?id=${uuidv7()}`,
          '/readblog?id=nope',
          '/@nobody_here',
          '/@',
          `/profile?userId=${uuidv7()}`,
        ]) {
          const answer = await get(path);
          expect(answer.status, path).toBe(404);
          expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
        }
      });

      it('links the page to its ActivityStreams document', async () => {
        const profile = await request(ctx, {
          method: 'GET',
          url: `/@${aliceHandle}`,
          headers: { accept: BROWSER_ACCEPT },
        });
        const links = (html: string) =>
          attributeValues(html, /<link rel="alternate" type="application\/activity\+json"[^>]*>/, 'href');
        expect(links(profile.raw.body)).toEqual([`${PUBLIC_URL}/ap/users/${alice.id}`]);
        const post = await request(ctx, {
          method: 'GET',
          url: `/readblog?id=${published.id}`,
          headers: { accept: BROWSER_ACCEPT },
        });
        expect(links(post.raw.body)).toEqual([`${PUBLIC_URL}/ap/posts/${published.id}`]);
      });

      it('never hands one representation to the other through the response cache', async () => {
        const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
        const path = `/readblog?id=${published.id}`;
        const html1 = await fetch(`${base}${path}`, { headers: { accept: BROWSER_ACCEPT } });
        const html2 = await fetch(`${base}${path}`, { headers: { accept: BROWSER_ACCEPT } });
        expect(html2.headers.get('x-cache')).toBe('hit');
        expect(html2.headers.get('vary')).toMatch(/accept(,|$)/i);
        await html1.text();
        expect(await html2.text()).toContain('<html');
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const json = await fetch(`${base}${path}`, { headers: { accept: MASTODON_ACCEPT } });
          expect(json.headers.get('content-type')).toMatch(/^application\/activity\+json/);
          expect(((await json.json()) as Json).type).toBe('Article');
        }
        const html3 = await fetch(`${base}${path}`, { headers: { accept: BROWSER_ACCEPT } });
        expect(html3.headers.get('content-type')).toMatch(/^text\/html/);
        await html3.text();
      });
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
