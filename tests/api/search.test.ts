import { describe, expect, it } from 'vitest';
import type { Page } from '../../contracts/posts';
import type { SearchResult, SearchSuggestions } from '../../contracts/search';
import { uuidv7 } from '../../server/lib/ids';
import { RANKED_MATCHES_MAX } from '../../server/modules/search/search-repository';
import { describeEachDatabase, request, signUpUser, type ApiContext, handleOf } from './support/harness';
import { createPost, deletePost, updatePost } from './support/posts';

async function search(ctx: ApiContext, q: string, extra = '', token?: string): Promise<Page<SearchResult>> {
  const response = await request<Page<SearchResult>>(ctx, {
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}${extra}`,
    ...(token ? { token } : {}),
  });
  expect(response.status, `${q}: ${JSON.stringify(response.body)}`).toBe(200);
  return response.body;
}

const titles = async (ctx: ApiContext, q: string) =>
  (await search(ctx, q)).response.map((post) => post.title);

/** A long body of unrelated words: a passing mention in it should count for little. */
const filler = (words: number) =>
  Array.from({ length: words }, (_, index) => ['calm', 'river', 'stone', 'paper', 'lamp'][index % 5]).join(
    ' ',
  );

describeEachDatabase('search API', (ctx) => {
  describe('GET /api/search', () => {
    it('ranks a title match above a passing mention in the body', async () => {
      const author = await signUpUser(ctx);
      // The title match is older, so only relevance can put it first.
      await createPost(ctx, author, { title: 'Beekeeping for beginners', content: 'Short notes on hives.' });
      await createPost(ctx, author, {
        title: 'Weekend notes',
        content: `${filler(150)} beekeeping ${filler(150)}`,
      });
      expect(await titles(ctx, 'beekeeping')).toEqual(['Beekeeping for beginners', 'Weekend notes']);
    });

    it('answers the Post with a highlighted snippet and title, HTML-escaped', async () => {
      const author = await signUpUser(ctx, { username: 'Snippet Writer' });
      const post = await createPost(ctx, author, {
        title: 'Quarrying <b>marble</b>',
        content: `${filler(60)} The **quarrying** of marble & granite <script>x</script> is loud. ${filler(60)}`,
        tags: ['stone'],
      });
      const [result] = (await search(ctx, 'quarrying')).response;
      expect(result).toMatchObject({ id: post.id, tags: ['stone'], author: { username: 'Snippet Writer' } });
      expect(result?.titleSnippet).toBe('<mark>Quarrying</mark> &lt;b&gt;marble&lt;/b&gt;');
      expect(result?.snippet).toMatch(
        /^….*The <mark>quarrying<\/mark> of marble &amp; granite x is loud\..*…$/,
      );
      expect(result?.snippet).not.toMatch(/<(?!\/?mark>)/);
    });

    it('finds words by their stem: "skateboarding" finds "skateboards"', async () => {
      const author = await signUpUser(ctx);
      await createPost(ctx, author, { title: 'Wheels', content: 'Two new skateboards arrived today.' });
      expect(await titles(ctx, 'skateboarding')).toEqual(['Wheels']);
      const [result] = (await search(ctx, 'skateboarding')).response;
      expect(result?.snippet).toBe('Two new <mark>skateboards</mark> arrived today.');
    });

    it('matches quoted phrases only in order, excludes -words, and reads `or`', async () => {
      const author = await signUpUser(ctx);
      await createPost(ctx, author, { title: 'Frames', content: 'A cold frame keeps lettuce alive.' });
      await createPost(ctx, author, { title: 'Weather', content: 'The frame of the door was cold.' });
      await createPost(ctx, author, {
        title: 'Greenhouse',
        content: 'A lettuce greenhouse, cold and bright.',
      });
      expect(await titles(ctx, '"cold frame"')).toEqual(['Frames']);
      expect((await titles(ctx, 'cold frame')).sort()).toEqual(['Frames', 'Weather']);
      expect(await titles(ctx, 'cold frame -door')).toEqual(['Frames']);
      expect(await titles(ctx, 'cold -"cold frame" -door')).toEqual(['Greenhouse']);
      expect((await titles(ctx, 'greenhouse or door')).sort()).toEqual(['Greenhouse', 'Weather']);
      expect(await titles(ctx, '-lettuce')).toEqual([]);
    });

    it("finds posts by their tags and by their author's name, and follows a rename", async () => {
      const author = await signUpUser(ctx, { username: 'Philippa Quorn' });
      await createPost(ctx, author, { title: 'Roots', content: 'Water and light.', tags: ['Hydroponics'] });
      expect(await titles(ctx, 'hydroponics')).toEqual(['Roots']);
      expect(await titles(ctx, 'quorn')).toEqual(['Roots']);
      const renamed = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token: author.token,
        payload: { username: 'Philippa Zelkova' },
      });
      expect(renamed.status).toBe(200);
      expect(await titles(ctx, 'quorn')).toEqual([]);
      expect(await titles(ctx, 'zelkova')).toEqual(['Roots']);
    });

    it('never finds a deleted post, and finds an edited post by its new words only', async () => {
      const author = await signUpUser(ctx);
      const doomed = await createPost(ctx, author, { title: 'Gone soon', content: 'A vanishing xylophone.' });
      expect(await titles(ctx, 'xylophone')).toEqual(['Gone soon']);
      await deletePost(ctx, author, doomed.id);
      expect(await titles(ctx, 'xylophone')).toEqual([]);

      const edited = await createPost(ctx, author, {
        title: 'Draft one',
        content: 'About a marimba.',
        tags: ['percussion'],
      });
      await updatePost(ctx, author, edited.id, {
        title: 'Draft two',
        content: 'About a glockenspiel.',
        tags: ['bells'],
      });
      expect(await titles(ctx, 'marimba')).toEqual([]);
      expect(await titles(ctx, 'percussion')).toEqual([]);
      expect(await titles(ctx, 'draft one')).toEqual([]);
      expect(await titles(ctx, 'glockenspiel')).toEqual(['Draft two']);
      expect(await titles(ctx, 'bells')).toEqual(['Draft two']);
    });

    it('pages by cursor without repeats, only 200 results deep', async () => {
      const author = await signUpUser(ctx);
      // Straight into the table: the index follows any write, not only the API's. Written a
      // minute ago, so every post is already published when the search runs.
      const now = Date.now() - 60_000;
      await ctx.database.db
        .insertInto('posts')
        .values(
          Array.from({ length: 205 }, (_, index) => {
            const at = new Date(now + index).toISOString();
            return {
              id: uuidv7(now + index),
              author_id: author.id,
              title: `Pangolin ${index}`,
              content: 'pangolin',
              created_at: at,
              updated_at: at,
              published_at: at,
            };
          }),
        )
        .execute();
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: Page<SearchResult> = await search(
          ctx,
          'pangolin',
          `&limit=30${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.response.map((post) => post.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor !== null && pages < 20);
      expect(seen).toHaveLength(200);
      expect(new Set(seen).size).toBe(200);
      expect(pages).toBe(7);
      const tooDeep = await request(ctx, {
        method: 'GET',
        url: `/api/search?q=pangolin&cursor=${Buffer.from('200').toString('base64url')}`,
      });
      expect(tooDeep.status).toBe(400);
      expect(tooDeep.body).toMatchObject({ message: 'cursor is not valid' });
    });

    it(`ranks a word found in over ${RANKED_MATCHES_MAX} posts among its newest ${RANKED_MATCHES_MAX} matches`, async () => {
      const author = await signUpUser(ctx);
      const start = Date.now() - 60_000;
      const rows = Array.from({ length: RANKED_MATCHES_MAX + 5 }, (_, index) => {
        const at = new Date(start + index).toISOString();
        return {
          id: uuidv7(start + index),
          author_id: author.id,
          // One post among the newest matches is about wombats; the rest mention them in passing.
          title: index === RANKED_MATCHES_MAX - 50 ? 'Wombat burrows' : `Field day ${index}`,
          content: `${filler(40)} wombat ${filler(40)}`,
          created_at: at,
          updated_at: at,
          published_at: at,
        };
      });
      for (let from = 0; from < rows.length; from += 250) {
        await ctx.database.db
          .insertInto('posts')
          .values(rows.slice(from, from + 250))
          .execute();
      }
      const newest = new Set(rows.slice(5).map((row) => row.id));
      const page = await search(ctx, 'wombat', '&limit=100');
      expect(page.response[0]?.title).toBe('Wombat burrows');
      expect(page.response).toHaveLength(100);
      expect(page.response.every((post) => newest.has(post.id))).toBe(true);
    });

    /** [what it is, the query string's q exactly as sent (already percent-encoded)] */
    const hostile: [string, string][] = [
      ...[
        '"',
        '""',
        '"unbalanced quote',
        '*',
        'beek*',
        'NEAR(beekeeping notes)',
        'beekeeping AND notes',
        'beekeeping NOT notes',
        'OR',
        'or or or',
        '-',
        '--beekeeping',
        '- -',
        '((beekeeping',
        ')',
        '^beekeeping',
        'title:beekeeping',
        '{title content}: beekeeping',
        ':',
        'beekeeping:*',
        '!beekeeping & notes | <->',
        "'; drop table posts; --",
        '%_\\',
        '🙂',
        '👩‍👩‍👧 beekeeping 🐝',
        'the',
        'the of and a',
        '...',
        '-beekeeping',
        'beekeeping or -notes',
        'ℬ𝑒𝑒𝓀𝑒𝑒𝓅𝒾𝓃𝑔',
        'e\u0301te\u0301',
        '日本語の検索',
      ].map((q): [string, string] => [JSON.stringify(q), encodeURIComponent(q)]),
      ['1,000 letters', 'x'.repeat(1000)],
      ['one word 90 times', encodeURIComponent('beekeeping '.repeat(90))],
      ['250 quoted stop words', encodeURIComponent('"a" '.repeat(250))],
      ['1,000 emoji', encodeURIComponent('🐝'.repeat(1000))],
      ['a lone surrogate, as UTF-8 bytes', '%ED%A0%BD'],
      ['bytes that are not UTF-8', '%FF%FE%C0'],
      ['a stray percent sign', '100%'],
    ];

    it.each(hostile)('answers any query a person can type: %s', async (_label, encoded) => {
      const response = await request<Page<SearchResult>>(ctx, {
        method: 'GET',
        url: `/api/search?q=${encoded}`,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(Array.isArray(response.body.response)).toBe(true);
    });

    it('answers 400 with a clear message past 1,000 characters, or without q', async () => {
      const long = await request(ctx, { method: 'GET', url: `/api/search?q=${'x'.repeat(1001)}` });
      expect(long.status).toBe(400);
      expect(long.body).toMatchObject({ message: 'Search text must be at most 1,000 characters' });
      const missing = await request(ctx, { method: 'GET', url: '/api/search' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'q is required' });
      const garbage = await request(ctx, { method: 'GET', url: '/api/search?q=a&cursor=nope' });
      expect(garbage.status).toBe(400);
    });

    it('refuses a NUL character with a clear 400, as every route does (nobody types one)', async () => {
      for (const q of ['\u0000', 'bee\u0000keeping']) {
        for (const path of ['/api/search', '/api/search/suggest']) {
          const response = await request(ctx, { method: 'GET', url: `${path}?q=${encodeURIComponent(q)}` });
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({ message: 'Text must not contain NUL characters (U+0000)' });
        }
      }
    });

    it('answers an empty page for a blank query', async () => {
      expect(await search(ctx, '   ')).toEqual({ response: [], nextCursor: null });
    });
  });

  describe('GET /api/search/suggest', () => {
    const suggest = async (q: string) => {
      const response = await request<{ response: SearchSuggestions }>(ctx, {
        method: 'GET',
        url: `/api/search/suggest?q=${encodeURIComponent(q)}`,
      });
      expect(response.status).toBe(200);
      return response.body.response;
    };

    it('suggests titles by word prefix, tags and authors by prefix', async () => {
      const author = await signUpUser(ctx, { username: 'Ottoline Marsh' });
      const post = await createPost(ctx, author, {
        title: 'Notes on marshmallow chemistry',
        content: 'Sugar.',
        tags: ['Marshmallow Science'],
      });
      const found = await suggest('Marshm');
      expect(found.posts).toEqual([
        {
          id: post.id,
          title: post.title,
          author: { id: author.id, username: 'Ottoline Marsh', handle: await handleOf(ctx, author.id) },
        },
      ]);
      expect(found.tags).toEqual([
        { name: 'marshmallow-science', label: 'Marshmallow Science', postCount: 1 },
      ]);
      expect((await suggest('notes marsh')).posts.map((item) => item.id)).toEqual([post.id]);
      expect((await suggest('ottoline m')).authors).toEqual([
        { id: author.id, username: 'Ottoline Marsh', handle: await handleOf(ctx, author.id) },
      ]);
    });

    it('suggests nothing for one character, and survives hostile text', async () => {
      expect(await suggest('m')).toEqual({ posts: [], tags: [], authors: [] });
      for (const q of ['"*', "o'", 'NEAR(', '🙂🙂', ':*', "''&|!", '\\\\']) {
        const result = await suggest(q);
        expect(result.posts).toEqual(expect.any(Array));
      }
    });
  });
});
