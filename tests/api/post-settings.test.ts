import { expect, it } from 'vitest';
import {
  CANONICAL_URL_MESSAGE,
  META_DESCRIPTION_MESSAGE,
  META_TITLE_MESSAGE,
  SLUG_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  SOCIAL_IMAGE_NOT_FOUND_MESSAGE,
} from '../../contracts/post-settings';
import type { Post, ReadablePost } from '../../contracts/posts';
import type { Membership } from '../../contracts/publications';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { photo, upload } from './support/media';
import {
  attributeValues,
  metaContent,
  scriptBlocks,
  sourcePages,
  templateWebDir,
  titleOf,
} from './support/pages';
import { createPublication } from './support/publications';

/** A post's own settings (docs/decisions/0079-post-settings.md), on both databases. */

const PUBLIC_URL = 'http://inkwell.test';
const webDir = templateWebDir();

type Answer<T> = { response: T; message?: string; errors?: Record<string, string[]> };

const write = (ctx: ApiContext, who: TestUser, payload: Record<string, unknown>, id?: string) =>
  request<Answer<Post>>(ctx, {
    method: id ? 'PUT' : 'POST',
    url: id ? `/api/post/blog?id=${id}` : '/api/post/blog',
    token: who.token,
    payload: { title: 'On looms', content: 'The engine **weaves**.', ...payload },
  });

async function published(ctx: ApiContext, who: TestUser, payload: Record<string, unknown> = {}) {
  const answer = await write(ctx, who, payload);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.response;
}

async function ownBlog(ctx: ApiContext, who: TestUser): Promise<string> {
  const mine = await request<Answer<Membership[]>>(ctx, {
    method: 'GET',
    url: '/api/user/publications',
    token: who.token,
  });
  return mine.body.response[0]!.publication.slug;
}

const get = (ctx: ApiContext, url: string) => ctx.app.inject({ method: 'GET', url });

describeEachDatabase(
  "a post's own settings",
  (ctx) => {
    it('gives a published post the title’s address, numbered when the blog has it, and a draft none', async () => {
      const writer = await signUpUser(ctx);
      const first = await published(ctx, writer, { title: 'Über Looms & Engines!' });
      expect(first.slug).toBe('uber-looms-engines');
      const second = await published(ctx, writer, { title: 'Über looms, engines' });
      expect(second.slug).toBe('uber-looms-engines-2');
      // Another writer's blog is another namespace.
      const other = await published(ctx, await signUpUser(ctx), { title: 'Über Looms & Engines!' });
      expect(other.slug).toBe('uber-looms-engines');

      const draft = await write(ctx, writer, { title: 'Working title', status: 'draft' });
      expect(draft.body.response.slug).toBeNull();
      const out = await write(
        ctx,
        writer,
        { title: 'Final title', status: 'published' },
        draft.body.response.id,
      );
      expect(out.body.response.slug).toBe('final-title');
      // Once it has one, a new title keeps the address.
      const renamed = await write(ctx, writer, { title: 'Another title' }, draft.body.response.id);
      expect(renamed.body.response.slug).toBe('final-title');
    });

    it('gives posts of one title written at once an address each, and a slug asked for twice at once to one of them', async () => {
      const writer = await signUpUser(ctx);
      // Side by side, each write reads the same free address before either has stored it.
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => write(ctx, writer, { title: 'Same hour' })),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
      const slugs = answers.map((answer) => answer.body.response.slug);
      expect(new Set(slugs).size).toBe(5);
      for (const slug of slugs) expect(slug).toMatch(/^same-hour(-\d+)?$/);

      const asked = await Promise.all([1, 2].map(() => write(ctx, writer, { slug: 'one-address' })));
      expect(asked.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(asked.find((answer) => answer.status === 409)?.body.errors).toEqual({
        slug: [SLUG_TAKEN_MESSAGE],
      });
    });

    it('takes a slug chosen by the writer, refuses one the blog has (409) and a malformed one (400)', async () => {
      const writer = await signUpUser(ctx);
      const chosen = await published(ctx, writer, { slug: 'My-Own-Address' });
      expect(chosen.slug).toBe('my-own-address');
      const taken = await write(ctx, writer, { slug: 'my-own-address' });
      expect(taken.status).toBe(409);
      expect(taken.body.errors).toEqual({ slug: [SLUG_TAKEN_MESSAGE] });
      for (const slug of ['two  words', '-edge', 'a--b', 'ünïcode', 'x'.repeat(101), '', 42]) {
        const bad = await write(ctx, writer, { slug });
        expect(bad.status, String(slug)).toBe(400);
        expect(bad.body.errors?.slug, String(slug)).toEqual([SLUG_MESSAGE]);
      }
      // Sending its own address back changes nothing.
      const same = await write(ctx, writer, { slug: 'my-own-address' }, chosen.id);
      expect(same.status).toBe(200);
      expect(same.body.response.slug).toBe('my-own-address');
    });

    it('answers a changed address with a 301 to the new one on the blog’s site; the id and /readblog?id= keep working', async () => {
      const writer = await signUpUser(ctx);
      const blog = await ownBlog(ctx, writer);
      const post = await published(ctx, writer, { title: 'First name' });
      expect(post.slug).toBe('first-name');
      const site = `${PUBLIC_URL}/pub/${blog}`;
      const before = await get(ctx, `/pub/${blog}/posts/first-name`);
      expect(before.statusCode).toBe(200);
      expect(before.body).toContain(`<link rel="canonical" href="${site}/posts/first-name">`);

      const moved = await write(ctx, writer, { slug: 'second-name' }, post.id);
      expect(moved.body.response.slug).toBe('second-name');
      const old = await get(ctx, `/pub/${blog}/posts/first-name`);
      expect(old.statusCode).toBe(301);
      expect(old.headers.location).toBe(`${site}/posts/second-name`);
      expect((await get(ctx, `/pub/${blog}/posts/second-name`)).statusCode).toBe(200);
      // Changed again: the first address follows to the newest.
      await write(ctx, writer, { slug: 'third-name' }, post.id);
      expect((await get(ctx, `/pub/${blog}/posts/first-name`)).headers.location).toBe(
        `${site}/posts/third-name`,
      );
      expect((await get(ctx, `/pub/${blog}/posts/second-name`)).headers.location).toBe(
        `${site}/posts/third-name`,
      );
      // null asks for the title's address again.
      const back = await write(ctx, writer, { title: 'First name', slug: null }, post.id);
      expect(back.body.response.slug).toBe('first-name');
      expect((await get(ctx, `/pub/${blog}/posts/first-name`)).statusCode).toBe(200);

      // The id address still answers, naming the slug canonical; the spec's read page is untouched.
      const byId = await get(ctx, `/pub/${blog}/posts/${post.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.body).toContain(`<link rel="canonical" href="${site}/posts/first-name">`);
      const read = await get(ctx, `/readblog?id=${post.id}`);
      expect(read.statusCode).toBe(200);
      expect((await get(ctx, `/api/post/blog?id=${post.id}`)).statusCode).toBe(200);
      // An address no post ever had, or one in another blog, is not found.
      expect((await get(ctx, `/pub/${blog}/posts/never-was`)).statusCode).toBe(404);
      const otherBlog = await ownBlog(ctx, await signUpUser(ctx));
      expect((await get(ctx, `/pub/${otherBlog}/posts/first-name`)).statusCode).toBe(404);
    });

    it('keeps slugs unique per publication, and moves a post’s address along when it is free', async () => {
      const owner = await signUpUser(ctx);
      const team = await createPublication(ctx, owner, 'slug-team');
      const inTeam = await published(ctx, owner, { title: 'Shared words', publication: team.slug });
      expect(inTeam.slug).toBe('shared-words');
      // The same address in the owner's own blog is another blog's.
      const own = await published(ctx, owner, { title: 'Shared words' });
      expect(own.slug).toBe('shared-words');
      // Moved into the team, where the address is taken: it gets the title's next free one.
      const movedIn = await write(ctx, owner, { title: 'Shared words', publication: team.slug }, own.id);
      expect(movedIn.status, JSON.stringify(movedIn.body)).toBe(200);
      expect(movedIn.body.response.slug).toBe('shared-words-2');
      const taken = await write(ctx, owner, { slug: 'shared-words' }, own.id);
      expect(taken.status).toBe(409);
    });

    it('stores meta title, description, social picture and canonical address, each cleared by null or empty', async () => {
      const writer = await signUpUser(ctx);
      const picture = await upload(ctx, writer.token, await photo(1200, 630));
      expect(picture.status).toBe(201);
      const post = await published(ctx, writer, {
        metaTitle: '  Looms, for search  ',
        metaDescription: 'How the engine weaves.',
        socialImageId: picture.body.response.id,
        canonicalUrl: 'https://dev.to/ada/on-looms',
      });
      expect(post).toMatchObject({
        metaTitle: 'Looms, for search',
        metaDescription: 'How the engine weaves.',
        socialImage: { id: picture.body.response.id },
        canonicalUrl: 'https://dev.to/ada/on-looms',
        cover: null,
      });
      // A PUT without them keeps them; the public read carries them.
      const kept = await write(ctx, writer, { content: 'Edited.' }, post.id);
      expect(kept.body.response).toMatchObject({ metaTitle: 'Looms, for search' });
      const read = await request<Answer<ReadablePost>>(ctx, {
        method: 'GET',
        url: `/api/post/blog?id=${post.id}`,
      });
      expect(read.body.response.canonicalUrl).toBe('https://dev.to/ada/on-looms');
      const cleared = await write(
        ctx,
        writer,
        { metaTitle: '', metaDescription: null, socialImageId: null, canonicalUrl: '' },
        post.id,
      );
      expect(cleared.body.response).toMatchObject({
        metaTitle: null,
        metaDescription: null,
        socialImage: null,
        canonicalUrl: null,
      });
    });

    it('refuses bad settings with 400 and the field’s message, never 500', async () => {
      const writer = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      const theirs = await upload(ctx, stranger.token, await photo(400, 300));
      const cases: [Record<string, unknown>, string, string][] = [
        [{ canonicalUrl: 'dev.to/ada/post' }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ canonicalUrl: 'javascript:alert(1)' }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ canonicalUrl: 'ftp://example.com/post' }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ canonicalUrl: 'https://user:pw@example.com/' }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ canonicalUrl: `https://example.com/${'a'.repeat(2000)}` }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ canonicalUrl: 7 }, 'canonicalUrl', CANONICAL_URL_MESSAGE],
        [{ metaTitle: 'x'.repeat(201) }, 'metaTitle', META_TITLE_MESSAGE],
        [{ metaTitle: ['a'] }, 'metaTitle', META_TITLE_MESSAGE],
        [{ metaDescription: 'x'.repeat(301) }, 'metaDescription', META_DESCRIPTION_MESSAGE],
        [{ socialImageId: theirs.body.response.id }, 'socialImageId', SOCIAL_IMAGE_NOT_FOUND_MESSAGE],
        [{ socialImageId: 'not-a-picture' }, 'socialImageId', SOCIAL_IMAGE_NOT_FOUND_MESSAGE],
      ];
      for (const [payload, field, message] of cases) {
        const answer = await write(ctx, writer, payload);
        expect(answer.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(answer.body.errors?.[field], field).toEqual([message]);
      }
      // Two fields wrong at once: each says so.
      const both = await write(ctx, writer, { canonicalUrl: 'nope', slug: 'No Good' });
      expect(both.status).toBe(400);
      expect(Object.keys(both.body.errors ?? {}).sort()).toEqual(['canonicalUrl', 'slug']);
    });

    it('puts the settings in the read page’s head and JSON-LD, defaulting to the title and summary', async () => {
      const writer = await signUpUser(ctx);
      const plain = await published(ctx, writer, {
        title: 'Plain post',
        content: 'A summary of the plain post.',
      });
      const plainPage = await get(ctx, `/readblog?id=${plain.id}`);
      expect(metaContent(plainPage.body, 'property', 'og:title')).toBe('Plain post');
      expect(metaContent(plainPage.body, 'name', 'description')).toContain('A summary of the plain post.');
      expect(attributeValues(plainPage.body, /<link rel="canonical"[^>]*>/, 'href')).toEqual([
        `${PUBLIC_URL}/readblog?id=${plain.id}`,
      ]);

      const picture = await upload(ctx, writer.token, await photo(1200, 630));
      const post = await published(ctx, writer, {
        title: 'On looms',
        metaTitle: 'Looms & engines, for search',
        metaDescription: 'How the engine weaves algebra.',
        socialImageId: picture.body.response.id,
        canonicalUrl: 'https://dev.to/ada/on-looms?ref=1&x=2',
      });
      const page = await get(ctx, `/readblog?id=${post.id}`);
      expect(page.statusCode).toBe(200);
      expect(titleOf(page.body)).toContain('Looms & engines, for search');
      expect(metaContent(page.body, 'property', 'og:title')).toBe('Looms & engines, for search');
      expect(metaContent(page.body, 'name', 'description')).toBe('How the engine weaves algebra.');
      expect(metaContent(page.body, 'property', 'og:image')).toBe(
        `${PUBLIC_URL}${picture.body.response.url}`,
      );
      expect(attributeValues(page.body, /<link rel="canonical"[^>]*>/, 'href')).toEqual([
        'https://dev.to/ada/on-looms?ref=1&x=2',
      ]);
      expect(metaContent(page.body, 'property', 'og:url')).toBe('https://dev.to/ada/on-looms?ref=1&x=2');
      const ld = scriptBlocks(page.body, 'application/ld+json')
        .map((block) => JSON.parse(block) as Record<string, unknown>)
        .find((block) => block['@type'] === 'BlogPosting');
      expect(ld).toMatchObject({
        headline: 'Looms & engines, for search',
        description: 'How the engine weaves algebra.',
        url: 'https://dev.to/ada/on-looms?ref=1&x=2',
        mainEntityOfPage: 'https://dev.to/ada/on-looms?ref=1&x=2',
        image: `${PUBLIC_URL}${picture.body.response.url}`,
      });

      // The blog's site says the same.
      const blog = await ownBlog(ctx, writer);
      const sitePage = await get(ctx, `/pub/${blog}/posts/on-looms`);
      expect(sitePage.body).toContain(
        '<link rel="canonical" href="https://dev.to/ada/on-looms?ref=1&amp;x=2">',
      );
      expect(sitePage.body).toContain('<title>Looms &amp; engines, for search · ');
      expect(sitePage.body).toContain('content="How the engine weaves algebra."');
    });

    it('leads the writer’s blog site with their pinned post, as their profile', async () => {
      const writer = await signUpUser(ctx);
      const blog = await ownBlog(ctx, writer);
      const pinned = await published(ctx, writer, { title: 'Pin me' });
      await published(ctx, writer, { title: 'Newer post' });
      const before = await get(ctx, `/pub/${blog}`);
      expect(before.body).not.toContain('class="pin"');
      const pin = await request(ctx, {
        method: 'PUT',
        url: '/api/user/pinned',
        token: writer.token,
        payload: { postId: pinned.id },
      });
      expect(pin.status).toBe(200);
      const home = await get(ctx, `/pub/${blog}`);
      const pinnedAt = home.body.indexOf('id="pinned-label">Pinned</p>');
      expect(pinnedAt).toBeGreaterThan(0);
      expect(home.body.indexOf('/posts/pin-me')).toBeGreaterThan(pinnedAt);
      expect(home.body.indexOf('/posts/pin-me')).toBeLessThan(home.body.indexOf('/posts/newer-post'));
    });
  },
  { config: { webDir, publicUrl: PUBLIC_URL }, pages: sourcePages },
);
