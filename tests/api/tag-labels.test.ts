import { describe, expect, it } from 'vitest';
import type { Page, Post } from '../../contracts/posts';
import type { SearchResult, SearchSuggestions } from '../../contracts/search';
import type { TagInfo, TagSummary } from '../../contracts/tags';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';
import { createPost, updatePost } from './support/posts';

/**
 * Topics keep the name their first writer typed (tags.label) beside their address (tags.name):
 * Inkwell's own answers carry both, `tags` (addresses, for links) and `tagLabels` (names, for what
 * pages show), and a topic's own answers its `label` (docs/decisions/0059-conduit-to-the-letter.md).
 */
const get = <T>(ctx: ApiContext, url: string) => request<T>(ctx, { method: 'GET', url });

const info = async (ctx: ApiContext, name: string) => {
  const answer = await get<{ response: TagInfo }>(ctx, `/api/tags/info?name=${encodeURIComponent(name)}`);
  expect(answer.status).toBe(200);
  return answer.body.response;
};

describeEachDatabase('topics by the names they were typed with', (ctx) => {
  describe("Inkwell's own answers", () => {
    it('answer C++ as typed, with an address distinct from C’s, on every read of a post', async () => {
      const writer = await signUpUser(ctx);
      const post = await createPost(ctx, writer, {
        title: 'Templates in Stroustrup’s language',
        tags: ['C++', 'C', 'C#', 'Machine  Learning'],
      });
      expect(post.tags).toEqual(['c++', 'c', 'c#', 'machine-learning']);
      expect(post.tagLabels).toEqual(['C++', 'C', 'C#', 'Machine Learning']);

      const read = await get<{ response: Post }>(ctx, `/api/post/blog?id=${post.id}`);
      expect(read.body.response).toMatchObject({ tags: post.tags, tagLabels: post.tagLabels });

      const newest = await get<Page<Post>>(ctx, '/api/post/blog/all');
      expect(newest.body.response.find((item) => item.id === post.id)?.tagLabels).toEqual(post.tagLabels);

      // The topic's page lists it at the address c++, which C's page does not share.
      const cpp = await get<Page<Post>>(ctx, `/api/post/blog/all?tag=${encodeURIComponent('c++')}`);
      expect(cpp.body.response.map((item) => [item.id, item.tagLabels[0]])).toEqual([[post.id, 'C++']]);
      const onlyC = await createPost(ctx, writer, { title: 'Pointers', tags: ['C'] });
      const c = await get<Page<Post>>(ctx, '/api/post/blog/all?tag=c');
      expect(c.body.response.map((item) => item.id)).toEqual([onlyC.id, post.id]);
      const cppAgain = await get<Page<Post>>(ctx, `/api/post/blog/all?tag=${encodeURIComponent('C++')}`);
      expect(cppAgain.body.response.map((item) => item.id)).toEqual([post.id]);

      expect(await info(ctx, 'C++')).toMatchObject({ name: 'c++', label: 'C++', postCount: 1 });
      expect(await info(ctx, 'c')).toMatchObject({ name: 'c', label: 'C', postCount: 2 });

      const list = await get<{ response: TagSummary[]; tags: string[] }>(ctx, '/api/tags?limit=100');
      expect(list.body.response).toEqual(
        expect.arrayContaining([
          { name: 'c++', label: 'C++', postCount: 1 },
          { name: 'c', label: 'C', postCount: 2 },
          { name: 'c#', label: 'C#', postCount: 1 },
        ]),
      );
      // Conduit's list is the same topics by their names.
      expect(list.body.tags).toEqual(list.body.response.map((tag) => tag.label));

      const suggested = await get<{ response: SearchSuggestions }>(ctx, '/api/search/suggest?q=machine');
      expect(suggested.body.response.tags).toEqual([
        { name: 'machine-learning', label: 'Machine Learning', postCount: 1 },
      ]);
      const found = await get<Page<SearchResult>>(ctx, '/api/search?q=Stroustrup');
      expect(found.body.response.map((result) => result.tagLabels)).toEqual([post.tagLabels]);
    });

    it('keeps the first writer’s name: later spellings of the address show it', async () => {
      const first = await signUpUser(ctx);
      const second = await signUpUser(ctx);
      await createPost(ctx, first, { tags: ['TypeScript'] });
      const later = await createPost(ctx, second, { tags: ['typescript', 'TYPESCRIPT'] });
      expect(later.tags).toEqual(['typescript']);
      expect(later.tagLabels).toEqual(['TypeScript']);
      // An edit that spells it otherwise changes nothing either.
      const edited = await updatePost(ctx, second, later.id, {
        title: 'Edited',
        content: 'Still about types',
        tags: ['TYPESCRIPT'],
      });
      expect(edited.tagLabels).toEqual(['TypeScript']);
      expect((await info(ctx, 'typescript')).label).toBe('TypeScript');
    });

    it('shows a topic from before names were kept by its address, until a writer names it', async () => {
      const writer = await signUpUser(ctx);
      const post = await createPost(ctx, writer, { tags: ['Elixir'] });
      await ctx.database.db.updateTable('tags').set({ label: null }).where('name', '=', 'elixir').execute();
      const old = await get<{ response: Post }>(ctx, `/api/post/blog?id=${post.id}`);
      expect(old.body.response.tagLabels).toEqual(['elixir']);
      expect(await info(ctx, 'elixir')).toMatchObject({ name: 'elixir', label: 'elixir' });

      await createPost(ctx, writer, { tags: ['Elixir'] });
      expect(
        (await get<{ response: Post }>(ctx, `/api/post/blog?id=${post.id}`)).body.response.tagLabels,
      ).toEqual(['Elixir']);
    });

    it('names no topic after a draft: a draft’s topic takes its name when published', async () => {
      const writer = await signUpUser(ctx);
      const draft = await request<{ response: Post }>(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { title: 'Soon', content: 'Body', tags: ['Zig'], status: 'draft' },
      });
      expect(draft.status).toBe(201);
      // Not published anywhere yet: no topic, so the draft shows its address.
      expect(draft.body.response.tagLabels).toEqual(['zig']);
      expect((await get(ctx, '/api/tags/info?name=zig')).status).toBe(404);
      const published = await request<{ response: Post }>(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${draft.body.response.id}`,
        token: writer.token,
        payload: { title: 'Soon', content: 'Body', tags: ['Zig'], status: 'published' },
      });
      expect(published.status).toBe(200);
      expect(published.body.response.tagLabels).toEqual(['Zig']);
    });

    it('names a topic’s feed by its label and links it by its address', async () => {
      const writer = await signUpUser(ctx);
      await createPost(ctx, writer, { tags: ['F#'] });
      const feed = await request<string>(ctx, {
        method: 'GET',
        url: `/rss.xml?tag=${encodeURIComponent('f#')}`,
      });
      expect(feed.status).toBe(200);
      expect(feed.body).toContain('<title>F# · ');
      expect(feed.body).toContain('/tag?name=f%23');
    });
  });
});
