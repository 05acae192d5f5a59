import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, expect, it } from 'vitest';
import type { Post } from '../../contracts/posts';
import { MediaRepository } from '../../server/modules/media/media-repository';
import { RateLimiterFactory } from '../../server/lib/rate-limiter';
import { MediaService } from '../../server/modules/media/media-service';
import { DiskMediaStorage } from '../../server/modules/media/media-storage';
import { PostsRepository } from '../../server/modules/posts/posts-repository';
import { Importer, type ItemOutcome } from '../../server/modules/transfer/importer';
import { openImportSource } from '../../server/modules/transfer/import-source';
import { TransferRepository } from '../../server/modules/transfer/transfer-repository';
import { addComment } from './support/conversation';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestUser,
} from './support/harness';
import { photo, upload } from './support/media';
import { createPost } from './support/posts';

const folders: string[] = [];
afterAll(() => folders.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-transfer-'));
  folders.push(dir);
  return dir;
}

// The app and the importer keep pictures in the same folder, as the server and `npm run import` do.
const dataDir = folder();
const GHOST_FIXTURE = join(import.meta.dirname, 'fixtures', 'ghost-export.json');

function importerFor(ctx: ApiContext, posts = new PostsRepository(ctx.database.db)): Importer {
  const config = testConfig();
  const media = new MediaService(
    new MediaRepository(ctx.database.db),
    new DiskMediaStorage(dataDir),
    config.media.limits,
    new RateLimiterFactory(config.rateLimits),
  );
  return new Importer({ transfer: new TransferRepository(ctx.database.db), posts, media });
}

async function importInto(
  ctx: ApiContext,
  user: TestUser,
  path: string,
  dryRun = false,
  posts?: PostsRepository,
) {
  const source = await openImportSource(path);
  return importerFor(ctx, posts).run(user.id, source.items, source.files, { dryRun });
}

async function exportOf(ctx: ApiContext, user: TestUser): Promise<Record<string, Uint8Array>> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/user/export',
    headers: { authorization: `Bearer ${user.token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/zip');
  expect(String(response.headers['content-disposition'])).toMatch(
    /^attachment; filename="inkwell-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip"$/,
  );
  return unzipSync(new Uint8Array(response.rawPayload));
}

async function postsOf(ctx: ApiContext, user: TestUser): Promise<Post[]> {
  const rows = await ctx.database.db
    .selectFrom('posts')
    .select('id')
    .where('author_id', '=', user.id)
    .orderBy('created_at')
    .execute();
  const posts: Post[] = [];
  for (const { id } of rows) {
    const response = await request<{ response: Post }>(ctx, {
      method: 'GET',
      url: `/api/post/blog?id=${id}`,
      token: user.token,
    });
    posts.push(response.body.response);
  }
  return posts;
}

const results = (outcomes: ItemOutcome[]) => outcomes.map((outcome) => outcome.result);

/** A writer with a published post (a cover and a picture in it, topics), a draft and a comment elsewhere. */
async function writerWithEverything(ctx: ApiContext): Promise<{ writer: TestUser; picture: string }> {
  const writer = await signUpUser(ctx);
  const uploaded = await upload(ctx, writer.token, await photo(900, 600));
  expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
  const picture = uploaded.body.response;
  const published = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: writer.token,
    payload: {
      title: 'Notes from the coast: tides',
      content: `# Tides\n\nThe sea came in.\n\n![A wave](${picture.url})\n\nAnd went out.`,
      tags: ['travel', 'sea'],
      coverId: picture.id,
    },
  });
  expect(published.status, JSON.stringify(published.body)).toBe(201);
  const draft = await request(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: writer.token,
    payload: { title: 'Half an idea', content: '', status: 'draft' },
  });
  expect(draft.status).toBe(201);
  const other = await createPost(ctx, await signUpUser(ctx), { title: 'Someone else’s post' });
  await addComment(ctx, writer, other.id, 'A thoughtful reply.');
  return { writer, picture: picture.id };
}

describeEachDatabase(
  'export and import',
  (ctx) => {
    it('exports everything a writer wrote as a zip: posts with front matter, pictures, comments', async () => {
      const { writer, picture } = await writerWithEverything(ctx);
      const files = await exportOf(ctx, writer);
      const names = Object.keys(files).sort();
      expect(names).toEqual(
        expect.arrayContaining([
          'README.md',
          'comments.json',
          'inkwell-export.json',
          `images/${picture}.webp`,
        ]),
      );
      const postFiles = names.filter((name) => name.startsWith('posts/'));
      expect(postFiles).toHaveLength(2);
      const published = strFromU8(
        files[postFiles.find((name) => name.includes('notes-from-the-coast-tides'))!]!,
      );
      expect(published).toMatch(/^---\ntitle: "Notes from the coast: tides"\n/);
      expect(published).toContain('status: published');
      expect(published).toMatch(/tags:\n {2}- travel\n {2}- sea\n/);
      expect(published).toContain(`cover: ../images/${picture}.webp`);
      expect(published).toContain(`![A wave](../images/${picture}.webp)`);
      const draft = strFromU8(files[postFiles.find((name) => name.includes('half-an-idea'))!]!);
      expect(draft).toContain('status: draft');
      expect(draft).not.toContain('published_at');
      const comments = JSON.parse(strFromU8(files['comments.json']!)) as {
        body: string;
        post: { title: string };
      }[];
      expect(comments).toEqual([
        expect.objectContaining({
          body: 'A thoughtful reply.',
          post: expect.objectContaining({ title: 'Someone else’s post' }),
        }),
      ]);
      expect(JSON.parse(strFromU8(files['inkwell-export.json']!))).toMatchObject({
        format: 'inkwell-export',
        version: 1,
        user: { id: writer.id },
        counts: { posts: 2, images: 1, comments: 1 },
      });
      // The picture is the stored file itself (its largest width), byte for byte.
      const stored = await ctx.app.inject({ method: 'GET', url: `/media/${picture}/900.webp` });
      expect(Buffer.from(files[`images/${picture}.webp`]!).equals(stored.rawPayload)).toBe(true);
    });

    it('exports only to the signed-in writer', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/user/export' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ message: expect.any(String) });
      const someone = await signUpUser(ctx);
      const files = await exportOf(ctx, someone);
      expect(Object.keys(files).filter((name) => name.startsWith('posts/'))).toEqual([]);
    });

    it('brings an export into another account whole, and a second run creates nothing', async () => {
      const { writer } = await writerWithEverything(ctx);
      const zipFile = join(folder(), 'export.zip');
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/export',
        headers: { authorization: `Bearer ${writer.token}` },
      });
      writeFileSync(zipFile, response.rawPayload);
      const original = await postsOf(ctx, writer);

      const reader = await signUpUser(ctx);
      const dry = await importInto(ctx, reader, zipFile, true);
      expect(results(dry)).toEqual(['would-create', 'would-create']);
      expect(await postsOf(ctx, reader)).toEqual([]);

      const first = await importInto(ctx, reader, zipFile);
      expect(results(first), JSON.stringify(first)).toEqual(['created', 'created']);
      const copies = await postsOf(ctx, reader);
      expect(
        copies.map((post) => [post.title, post.status, post.tags, post.createdAt, post.publishedAt]),
      ).toEqual(
        original.map((post) => [post.title, post.status, post.tags, post.createdAt, post.publishedAt]),
      );
      // The picture came along as the reader's own, in the cover and in the text.
      const copy = copies.find((post) => post.status === 'published')!;
      expect(copy.id).not.toBe(original.find((post) => post.status === 'published')!.id);
      expect(copy.cover).not.toBeNull();
      expect(copy.content).toContain(`![A wave](${copy.cover!.url})`);
      const owner = await ctx.database.db
        .selectFrom('media')
        .select('owner_id')
        .where('id', '=', copy.cover!.id)
        .executeTakeFirstOrThrow();
      expect(owner.owner_id).toBe(reader.id);
      expect((await ctx.app.inject({ method: 'GET', url: copy.cover!.url })).statusCode).toBe(200);

      expect(results(await importInto(ctx, reader, zipFile))).toEqual(['skipped', 'skipped']);
      expect(await postsOf(ctx, reader)).toHaveLength(2);
      // The writer's own export, brought back into their account, is already there.
      expect(results(await importInto(ctx, writer, zipFile))).toEqual(['skipped', 'skipped']);
    });

    it('imports a Ghost export: posts with their topics and states, each failure with its reason', async () => {
      const writer = await signUpUser(ctx);
      const outcomes = await importInto(ctx, writer, GHOST_FIXTURE);
      const created = outcomes.filter((outcome) => outcome.result === 'created');
      const failed = outcomes.filter((outcome) => outcome.result === 'failed');
      expect(created.length).toBeGreaterThanOrEqual(3);
      expect(failed.map((outcome) => outcome.result === 'failed' && outcome.reason)).toEqual(
        expect.arrayContaining([
          'Ghost pages are not imported, only posts',
          'This post has no content to import',
        ]),
      );
      const posts = await postsOf(ctx, writer);
      expect(new Set(posts.map((post) => post.status))).toEqual(new Set(['published', 'draft', 'scheduled']));
      expect(posts.every((post) => !post.tags.some((tag) => tag.startsWith('#')))).toBe(true);
      const again = await importInto(ctx, writer, GHOST_FIXTURE);
      expect(again.filter((outcome) => outcome.result === 'created')).toEqual([]);
      expect(await postsOf(ctx, writer)).toHaveLength(posts.length);
    });

    it('imports a folder of Markdown files and the pictures beside them, reporting what it cannot take', async () => {
      const root = folder();
      mkdirSync(join(root, 'notes', 'img'), { recursive: true });
      writeFileSync(join(root, 'notes', 'img', 'sky.png'), await photo(300, 200, { format: 'png' }));
      writeFileSync(
        join(root, 'notes', 'sky.md'),
        '---\ntitle: The sky\ndate: 2021-06-01\ntags: [weather]\n---\n\nBlue.\n\n![Sky](img/sky.png)\n![Gone](img/missing.png)\n',
      );
      writeFileSync(join(root, 'plain.md'), '# A heading for a title\n\nNo front matter at all.\n');
      writeFileSync(join(root, 'broken.md'), '---\ntitle: [unclosed\n---\nText\n');
      writeFileSync(join(root, 'long.md'), `---\ntitle: ${'x'.repeat(500)}\n---\nText\n`);
      const writer = await signUpUser(ctx);
      const outcomes = await importInto(ctx, writer, root);
      const bySource = Object.fromEntries(outcomes.map((outcome) => [outcome.source, outcome]));
      expect(bySource['notes/sky.md']).toMatchObject({
        result: 'created',
        pictures: 1,
        warnings: [expect.stringContaining('img/missing.png')],
      });
      expect(bySource['plain.md']).toMatchObject({ result: 'created', title: 'A heading for a title' });
      expect(bySource['broken.md']).toMatchObject({
        result: 'failed',
        reason: expect.stringContaining('front matter is not valid YAML'),
      });
      expect(bySource['long.md']).toMatchObject({
        result: 'failed',
        reason: expect.stringContaining('Title'),
      });
      const sky = (await postsOf(ctx, writer)).find((post) => post.title === 'The sky')!;
      expect(sky.publishedAt).toBe('2021-06-01T00:00:00.000Z');
      expect(sky.tags).toEqual(['weather']);
      expect(sky.content).toMatch(/!\[Sky\]\(\/media\/[0-9a-f-]{36}\/300\.webp\)/);
      expect(sky.content).toContain('![Gone](img/missing.png)');
    });

    it('never leaves half a post: when the post cannot be written, its pictures go too', async () => {
      const root = folder();
      writeFileSync(join(root, 'pic.png'), await photo(200, 100, { format: 'png' }));
      writeFileSync(join(root, 'post.md'), '---\ntitle: Doomed\n---\n\n![p](pic.png)\n');
      const writer = await signUpUser(ctx);
      class FailingPosts extends PostsRepository {
        override insert(): Promise<void> {
          return Promise.reject(new Error('the database went away'));
        }
      }
      const outcomes = await importInto(ctx, writer, root, false, new FailingPosts(ctx.database.db));
      expect(outcomes).toEqual([
        expect.objectContaining({ result: 'failed', reason: 'the database went away' }),
      ]);
      const media = await ctx.database.db
        .selectFrom('media')
        .select('id')
        .where('owner_id', '=', writer.id)
        .execute();
      expect(media).toEqual([]);
      expect(await postsOf(ctx, writer)).toEqual([]);
    });
  },
  { config: { dataDir } },
);
