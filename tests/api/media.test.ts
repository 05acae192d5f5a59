import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import {
  MEDIA_CORRUPT_MESSAGE,
  MEDIA_MAX_BYTES,
  MEDIA_QUOTA_MESSAGE,
  MEDIA_RATE_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_TOO_MANY_PIXELS_MESSAGE,
  MEDIA_UNSUPPORTED_MESSAGE,
} from '../../contracts/media';
import { describeEachDatabase, request, signUpUser, testConfig, type ApiContext } from './support/harness';
import { photo, pngBomb, upload } from './support/media';
import { startLocalS3 } from './support/local-s3';

const dataDirs: string[] = [];
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-media-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Every file under a folder, relative to it ('' when the folder does not exist). */
function filesUnder(root: string): string[] {
  try {
    return readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.webp') || name.endsWith('.tmp'))
      .sort();
  } catch {
    return [];
  }
}

async function fetchMedia(ctx: ApiContext, url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

const diskDir = tempDataDir();

describeEachDatabase(
  'POST /api/media on local disk',
  (ctx) => {
    it('re-encodes a photo upright as WebP at widths up to its own, with EXIF and GPS gone', async () => {
      const author = await signUpUser(ctx);
      // Stored sideways (1200 × 800) with orientation 6: upright it is 800 wide and 1200 high.
      const original = await photo(1200, 800, { orientation: 6, withGps: true });
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const response = await upload(ctx, author.token, original);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const media = response.body.response;
      expect(media).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        url: `/media/${media.id}/800.webp`,
        width: 800,
        height: 1200,
        srcset: `/media/${media.id}/480.webp 480w, /media/${media.id}/800.webp 800w`,
      });

      const served = await fetchMedia(ctx, media.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const metadata = await sharp(served.body).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width: 800, height: 1200 });
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(served.body.includes('Secret Owner')).toBe(false);
      expect(served.body.includes('PhoneCo')).toBe(false);

      const small = await fetchMedia(ctx, `/media/${media.id}/480.webp`);
      expect((await sharp(small.body).metadata()).width).toBe(480);
    });

    it('never enlarges: a picture narrower than every width is stored at its own width only', async () => {
      const author = await signUpUser(ctx);
      const response = await upload(ctx, author.token, await photo(300, 200, { format: 'png' }), {
        filename: 'tiny.png',
        contentType: 'image/png',
      });
      expect(response.status).toBe(201);
      expect(response.body.response).toMatchObject({ width: 300, height: 200 });
      expect(response.body.response.srcset).toBe(`/media/${response.body.response.id}/300.webp 300w`);
    });

    it('stores a large photo at 480, 960 and 1600 wide', async () => {
      const author = await signUpUser(ctx);
      const response = await upload(ctx, author.token, await photo(2000, 1500));
      expect(response.status).toBe(201);
      const { id, width, height, srcset } = response.body.response;
      expect({ width, height }).toEqual({ width: 1600, height: 1200 });
      expect(srcset.split(', ').map((entry) => entry.split(' ')[1])).toEqual(['480w', '960w', '1600w']);
      expect(filesUnder(join(diskDir, 'media', id))).toEqual(['1600.webp', '480.webp', '960.webp']);
    });

    it.each(['png', 'webp', 'gif', 'avif'] as const)(
      'accepts %s, recognized by its content',
      async (format) => {
        const author = await signUpUser(ctx);
        // Named and labelled as something else: only the bytes count.
        const response = await upload(ctx, author.token, await photo(320, 240, { format }), {
          filename: 'misnamed.txt',
          contentType: 'application/octet-stream',
        });
        expect(response.status, JSON.stringify(response.body)).toBe(201);
        expect(response.body.response).toMatchObject({ width: 320, height: 240 });
      },
    );

    it('refuses SVG, text and a JPEG name on other bytes with 415, and leaves nothing behind', async () => {
      const author = await signUpUser(ctx);
      const before = filesUnder(join(diskDir, 'media'));
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      for (const [data, filename, contentType] of [
        [svg, 'x.svg', 'image/svg+xml'],
        [svg, 'x.jpg', 'image/jpeg'],
        [Buffer.from('just some text'), 'x.jpg', 'image/jpeg'],
        [Buffer.from('%PDF-1.7\n'), 'x.pdf', 'application/pdf'],
      ] as const) {
        const response = await upload(ctx, author.token, data, { filename, contentType });
        expect(response.status, filename).toBe(415);
        expect(response.body).toEqual({ message: MEDIA_UNSUPPORTED_MESSAGE });
      }
      expect(filesUnder(join(diskDir, 'media'))).toEqual(before);
    });

    it('refuses a damaged JPEG and a decompression bomb with 400', async () => {
      const author = await signUpUser(ctx);
      const before = filesUnder(join(diskDir, 'media'));
      const whole = await photo(800, 600);
      const damaged = Buffer.concat([whole.subarray(0, 2000), Buffer.alloc(4000, 0x55)]);
      const corrupt = await upload(ctx, author.token, damaged);
      expect(corrupt.status).toBe(400);
      expect(corrupt.body).toEqual({ message: MEDIA_CORRUPT_MESSAGE });

      const bomb = await upload(ctx, author.token, pngBomb(), {
        filename: 'bomb.png',
        contentType: 'image/png',
      });
      expect(bomb.status).toBe(400);
      expect(bomb.body).toEqual({ message: MEDIA_TOO_MANY_PIXELS_MESSAGE });
      expect(filesUnder(join(diskDir, 'media'))).toEqual(before);
    });

    it('refuses more than 10 MB with 413', async () => {
      const author = await signUpUser(ctx);
      const response = await upload(ctx, author.token, Buffer.alloc(MEDIA_MAX_BYTES + 1, 1));
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: MEDIA_TOO_LARGE_MESSAGE });
    });

    it('answers 401 without a token, 415 for a JSON body, 400 for a wrong field, 404 for unknown media', async () => {
      const author = await signUpUser(ctx);
      const jpeg = await photo(100, 100);
      expect((await upload(ctx, undefined, jpeg)).status).toBe(401);
      const json = await request(ctx, {
        method: 'POST',
        url: '/api/media',
        token: author.token,
        payload: { file: 'x' },
      });
      expect(json.status).toBe(415);
      expect((await upload(ctx, author.token, jpeg, { field: 'picture' })).status).toBe(400);
      for (const url of [
        '/media/00000000-0000-7000-8000-000000000000/480.webp',
        '/media/not-an-id/480.webp',
        '/media/00000000-0000-7000-8000-000000000000/../../etc.webp',
      ]) {
        const response = await fetchMedia(ctx, url);
        expect(response.status, url).toBe(404);
      }
      const created = await upload(ctx, author.token, jpeg);
      const wrongWidth = await fetchMedia(ctx, `/media/${created.body.response.id}/960.webp`);
      expect(wrongWidth.status).toBe(404);
    });
  },
  { config: { dataDir: diskDir } },
);

describeEachDatabase(
  'POST /api/media limits',
  (ctx) => {
    it('counts uploads per writer (429 past the allowance) and keeps each writer within a quota (413)', async () => {
      const writer = await signUpUser(ctx);
      const first = await upload(ctx, writer.token, await photo(100, 100));
      expect(first.status).toBe(201);
      // A noisy photo takes far more than the 50 KB left of the quota below.
      const picture = await photo(1600, 1200);
      const second = await upload(ctx, writer.token, picture);
      expect(second.status).toBe(413);
      expect(second.body).toEqual({ message: MEDIA_QUOTA_MESSAGE });
      const third = await upload(ctx, writer.token, await photo(10, 10));
      expect(third.status).toBe(429);
      expect(third.body).toEqual({ message: MEDIA_RATE_MESSAGE });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

      const other = await signUpUser(ctx);
      expect((await upload(ctx, other.token, await photo(100, 100))).status).toBe(201);
    });
  },
  {
    config: {
      dataDir: tempDataDir(),
      rateLimits: { mediaUploadsPerUser: { max: 2, windowMs: 60 * 60_000 } },
      media: {
        ...testConfig().media,
        limits: {
          quotaBytes: 50 * 1024,
          concurrency: 1,
          maxWaiting: 4,
        },
      },
    },
  },
);

/** A local S3-compatible server standing in for a bucket shared by instances. */
const s3 = await startLocalS3(tempDataDir());

const s3DataDir = tempDataDir();

describeEachDatabase(
  'POST /api/media in S3-compatible storage',
  (ctx) => {
    it('stores every width in the bucket, nothing on disk, and serves it back', async () => {
      const author = await signUpUser(ctx);
      const response = await upload(ctx, author.token, await photo(1000, 500));
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const { id, url } = response.body.response;
      expect(await s3.keys()).toEqual(
        expect.arrayContaining([`media/${id}/1000.webp`, `media/${id}/480.webp`]),
      );
      expect(filesUnder(join(s3DataDir, 'media'))).toEqual([]);
      const served = await fetchMedia(ctx, url);
      expect(served.status).toBe(200);
      expect((await sharp(served.body).metadata()).width).toBe(1000);
    });

    it('puts nothing in the bucket for a refused upload', async () => {
      const author = await signUpUser(ctx);
      const before = await s3.keys();
      expect((await upload(ctx, author.token, pngBomb())).status).toBe(400);
      expect((await upload(ctx, author.token, Buffer.from('<svg/>'))).status).toBe(415);
      expect(await s3.keys()).toEqual(before);
    });
  },
  {
    config: {
      dataDir: s3DataDir,
      media: s3.mediaConfig(),
    },
  },
);
