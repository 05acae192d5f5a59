import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MEDIA_MAX_BYTES, MEDIA_TOO_LARGE_MESSAGE, MEDIA_UNSUPPORTED_MESSAGE } from '../../contracts/media';
import { MEDIA_REMOTE_URL_MESSAGE } from '../../contracts/remote-media';
import type { MediaConfig } from '../../server/config';
import { describeEachDatabase, request, signUpUser, testConfig, type ApiContext } from './support/harness';

/*
 * POST /api/media/remote: a picture pasted from a web page is copied into the media store. A small
 * HTTP server on this machine plays the other site; private addresses are allowed only in the
 * suite that says so (as an operator would with MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS=1).
 */

let site: Server;
let origin = '';
let requests: string[] = [];

beforeAll(async () => {
  const picture = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const tooLarge = Buffer.alloc(MEDIA_MAX_BYTES + 1, 0);
  site = createServer((req, res) => {
    requests.push(req.url ?? '');
    switch (req.url) {
      case '/picture.png':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': picture.length });
        res.end(picture);
        return;
      case '/moved':
        res.writeHead(302, { location: '/picture.png' });
        res.end();
        return;
      case '/loop':
        res.writeHead(301, { location: '/loop' });
        res.end();
        return;
      case '/declared-too-large':
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': tooLarge.length });
        res.end(tooLarge);
        return;
      case '/streamed-too-large':
        // No length given: the server must stop reading at the limit by itself.
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(tooLarge);
        return;
      case '/page.html':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<p>not a picture</p>');
        return;
      case '/slow':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(picture.subarray(0, 10));
        // The rest never comes within the test's timeout.
        setTimeout(() => res.end(), 3_000);
        return;
      default:
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('gone');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise((resolve) => site.close(resolve));
});

function mediaWith(remote: MediaConfig['remote']): MediaConfig {
  return { ...testConfig().media, remote };
}

async function copy(ctx: ApiContext, token: string | undefined, url: unknown) {
  return request<{
    response?: { id: string; url: string; width: number };
    message?: string;
    errors?: Record<string, string[]>;
  }>(ctx, { method: 'POST', url: '/api/media/remote', payload: { url }, ...(token ? { token } : {}) });
}

describeEachDatabase(
  'POST /api/media/remote where the operator allows private networks',
  (ctx) => {
    it('copies a picture from another site into the media store, following a redirect', async () => {
      const writer = await signUpUser(ctx);
      for (const path of ['/picture.png', '/moved']) {
        const answer = await copy(ctx, writer.token, `${origin}${path}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        const media = answer.body.response!;
        expect(media).toMatchObject({ url: `/media/${media.id}/120.webp`, width: 120, height: 80 });
        const served = await ctx.app.inject({ method: 'GET', url: media.url });
        expect(served.statusCode).toBe(200);
        expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      }
    });

    it('refuses a picture over the upload limit, declared or not, with 413', async () => {
      const writer = await signUpUser(ctx);
      for (const path of ['/declared-too-large', '/streamed-too-large']) {
        const answer = await copy(ctx, writer.token, `${origin}${path}`);
        expect(answer.status, path).toBe(413);
        expect(answer.body.message, path).toBe(MEDIA_TOO_LARGE_MESSAGE);
      }
    });

    it('says what went wrong with the other site: not a picture, an error, a loop, too slow', async () => {
      const writer = await signUpUser(ctx);
      const notPicture = await copy(ctx, writer.token, `${origin}/page.html`);
      expect(notPicture).toMatchObject({ status: 415, body: { message: MEDIA_UNSUPPORTED_MESSAGE } });
      const missing = await copy(ctx, writer.token, `${origin}/missing.png`);
      expect(missing).toMatchObject({
        status: 502,
        body: { message: expect.stringMatching(/answered 404/) },
      });
      const loop = await copy(ctx, writer.token, `${origin}/loop`);
      expect(loop).toMatchObject({
        status: 502,
        body: { message: expect.stringMatching(/redirected more than 3/) },
      });
      const slow = await copy(ctx, writer.token, `${origin}/slow`);
      expect(slow).toMatchObject({
        status: 504,
        body: { message: expect.stringMatching(/did not send the picture/) },
      });
    });

    it('asks for a web address and a signed-in writer', async () => {
      const writer = await signUpUser(ctx);
      for (const url of ['', 'not an address', 'ftp://example.com/a.png', 'file:///etc/passwd', 42]) {
        const answer = await copy(ctx, writer.token, url);
        expect(answer.status, String(url)).toBe(400);
        expect(answer.body.errors?.url, String(url)).toEqual([MEDIA_REMOTE_URL_MESSAGE]);
      }
      expect((await copy(ctx, undefined, `${origin}/picture.png`)).status).toBe(401);
    });
  },
  { config: { media: mediaWith({ allowPrivateNetworks: true, timeoutMs: 1_000 }) } },
);

describeEachDatabase(
  'POST /api/media/remote with the default guard',
  (ctx) => {
    it('refuses private, loopback and link-local addresses with 400 and fetches nothing', async () => {
      const writer = await signUpUser(ctx);
      requests = [];
      const port = new URL(origin).port;
      for (const url of [
        `${origin}/picture.png`,
        `http://localhost:${port}/picture.png`,
        `http://[::ffff:127.0.0.1]:${port}/picture.png`,
        'http://10.0.0.7/picture.png',
        'http://169.254.169.254/latest/meta-data/',
        'http://[fd00::1]/picture.png',
      ]) {
        const answer = await copy(ctx, writer.token, url);
        expect(answer.status, url).toBe(400);
        expect(answer.headers['content-type'], url).toMatch(/^application\/json/);
        expect(answer.body.message, url).toMatch(/private, loopback or link-local address/);
        expect(answer.body.errors?.url?.[0], url).toBe(answer.body.message);
      }
      expect(requests).toEqual([]);
    });
  },
  // The default guard: the configuration's own.
  { config: { media: testConfig().media } },
);
