import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import type { AppConfig } from '../../server/config';
import { describeEachDatabase, signUpUser, type ApiContext } from './support/harness';
import { sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

/**
 * Compression and validators over real HTTP (cache hits are answered at the server's front door, before Fastify):
 * Brotli and gzip for every text type, precompressed static files, immutable hashed assets, ETags
 * and 304s on pages and API reads, from Fastify and from the response cache.
 */

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire, still compressed. */
  wire: Buffer;
  /** The bytes decoded by their Content-Encoding. */
  body: Buffer;
}

function decode(wire: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return brotliDecompressSync(wire);
  if (encoding === 'gzip') return gunzipSync(wire);
  if (encoding === undefined) return wire;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

/** node:http, not fetch: fetch sends its own Accept-Encoding and hides what came over the wire. */
function rawGet(base: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        try {
          const body = wire.length === 0 ? wire : decode(wire, encoding);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, wire, body });
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function varies(headers: IncomingHttpHeaders): string[] {
  return String(headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
}

/** What `npm run build` leaves in build/web, in miniature: hashed assets with their compressed copies. */
const webDir = templateWebDir();
const BUNDLE = `export const words = ${JSON.stringify('inkwell '.repeat(400))};\n`;
const STYLES = `body { font-family: serif; }\n${'.post p { margin: 0 0 1em; }\n'.repeat(100)}`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`;
function writeBuiltFile(path: string, text: string, precompress: boolean) {
  const file = join(webDir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  if (!precompress) return;
  // Highest levels, as vite.config.ts writes them: bytes a server compressing on the fly at its
  // own levels would not produce, so the test can tell the copy was sent as it is.
  writeFileSync(`${file}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
}
writeBuiltFile('assets/index-Ab12Cd34.js', BUNDLE, true);
writeBuiltFile('assets/index-Ef56Gh78.css', STYLES, true);
writeBuiltFile('favicon.svg', ICON, true);
writeBuiltFile('assets/late-Ij90Kl12.css', STYLES, false);

function overHttp() {
  return (ctx: ApiContext) => {
    let base = '';
    beforeAll(async () => {
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    return (path: string, headers: Record<string, string> = {}) => rawGet(base, path, headers);
  };
}

const suiteConfig = (overrides: Partial<AppConfig>) => ({
  config: { webDir, publicUrl: 'http://inkwell.test', ...overrides },
  pages: sourcePages,
});

/** A post long enough that its page, the list and its API answer are all worth compressing. */
async function seedPost(ctx: ApiContext): Promise<{ id: string; author: string }> {
  const author = await signUpUser(ctx);
  const post = await createPost(ctx, author, {
    title: 'Compressed on the way out',
    content: 'Words that repeat compress well. '.repeat(80),
  });
  return { id: post.id, author: author.username };
}

describeEachDatabase(
  'transport: compression, validators and 304 (response cache on)',
  (ctx) => {
    const get = overHttp()(ctx);
    let paths: Record<string, string> = {};
    beforeAll(async () => {
      const post = await seedPost(ctx);
      paths = {
        html: `/readblog?id=${post.id}&name=${encodeURIComponent(post.author)}`,
        json: `/api/post/blog?id=${post.id}`,
        rss: '/rss.xml',
        atom: '/atom.xml',
      };
    });

    const dynamic = [
      ['html', 'text/html'],
      ['json', 'application/json'],
      ['rss', 'application/rss+xml'],
      ['atom', 'application/atom+xml'],
    ] as const;

    it.each(dynamic)('sends %s as Brotli, gzip or plain bytes, as the client asks', async (kind, type) => {
      const path = paths[kind] ?? '';
      const plain = await get(path);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-type']).toContain(type);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varies(plain.headers)).toContain('accept-encoding');
      for (const [accept, expected] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const response = await get(path, { 'accept-encoding': accept });
        expect(response.status, accept).toBe(200);
        expect(response.headers['content-encoding'], accept).toBe(expected);
        expect(varies(response.headers), accept).toContain('accept-encoding');
        expect(response.body.toString(), accept).toBe(plain.body.toString());
        if (expected) {
          expect(response.wire.length, accept).toBeLessThan(plain.body.length / 2);
          expect(Number(response.headers['content-length']), accept).toBe(response.wire.length);
        }
      }
    });

    it('compresses a cached answer once and serves every encoding from memory', async () => {
      const path = paths.html ?? '';
      await get(path, { 'accept-encoding': 'br' });
      const br = await get(path, { 'accept-encoding': 'br' });
      const brAgain = await get(path, { 'accept-encoding': 'br' });
      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      const plain = await get(path);
      for (const response of [br, brAgain, gzip, plain]) expect(response.headers['x-cache']).toBe('hit');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brAgain.wire.equals(br.wire)).toBe(true);
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(gzip.body.toString()).toBe(plain.body.toString());
      expect(br.body.toString()).toBe(plain.body.toString());
    });

    it.each(['html', 'json'] as const)(
      'gives the %s read an ETag and answers 304 from the response cache',
      async (kind) => {
        const path = paths[kind] ?? '';
        const first = await get(path, { 'accept-encoding': 'br' });
        const etag = String(first.headers.etag ?? '');
        expect(etag).toMatch(/^W\/".+"$/);
        const hit = await get(path);
        expect(hit.headers['x-cache']).toBe('hit');
        // The same validator whatever the encoding: it describes the content, not the bytes.
        expect(hit.headers.etag).toBe(etag);

        const notModified = await get(path, { 'if-none-match': etag, 'accept-encoding': 'br' });
        expect(notModified.status).toBe(304);
        expect(notModified.headers['x-cache']).toBe('hit');
        expect(notModified.headers.etag).toBe(etag);
        expect(varies(notModified.headers)).toContain('accept-encoding');
        expect(notModified.wire.length).toBe(0);
        expect(notModified.headers['content-encoding']).toBeUndefined();

        expect((await get(path, { 'if-none-match': `"other", ${etag}` })).status).toBe(304);
        expect((await get(path, { 'if-none-match': '"other"' })).status).toBe(200);
        // A reload that asks for no cache gets the full answer.
        expect((await get(path, { 'if-none-match': etag, 'cache-control': 'no-cache' })).status).toBe(200);
      },
    );

    it('sends a new ETag once the content changes', async () => {
      const path = paths.json ?? '';
      const before = String((await get(path)).headers.etag);
      expect(before).toMatch(/^W\/".+"$/);
      const writer = await signUpUser(ctx);
      await createPost(ctx, writer, { title: 'A write empties the cache', content: 'New.' });
      const commented = await ctx.app.inject({
        method: 'POST',
        url: '/api/post/comments',
        headers: { authorization: `Bearer ${writer.token}` },
        payload: { postId: /id=([^&]+)/.exec(path)?.[1], body: 'A comment changes the count.' },
      });
      expect(commented.statusCode).toBe(201);
      const after = await get(path, { 'if-none-match': before });
      expect(after.status).toBe(200);
      expect(after.headers.etag).toMatch(/^W\/".+"$/);
      expect(after.headers.etag).not.toBe(before);
    });

    it('sends no ETag with an error, and never turns one into a 304', async () => {
      const missing = await get('/api/post/blog?id=00000000-0000-7000-8000-000000000000', {
        'if-none-match': '*',
      });
      expect(missing.status).toBe(404);
      expect(missing.headers.etag).toBeUndefined();
    });

    it.each([
      ['/assets/index-Ab12Cd34.js', 'javascript', BUNDLE],
      ['/assets/index-Ef56Gh78.css', 'text/css', STYLES],
      ['/favicon.svg', 'image/svg+xml', ICON],
    ])('sends the build’s own compressed copies of %s', async (path, type, text) => {
      const file = join(webDir, path);
      for (const [accept, encoding, suffix] of [
        ['br, gzip', 'br', '.br'],
        ['gzip', 'gzip', '.gz'],
      ] as const) {
        const response = await get(path, { 'accept-encoding': accept });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toContain(type);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(varies(response.headers)).toContain('accept-encoding');
        expect(response.wire.equals(readFileSync(`${file}${suffix}`))).toBe(true);
        expect(response.body.toString()).toBe(text);
      }
      const plain = await get(path);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(varies(plain.headers)).toContain('accept-encoding');
      expect(plain.body.toString()).toBe(text);
    });

    it('compresses a static text file that has no compressed copy on the way out', async () => {
      const response = await get('/assets/late-Ij90Kl12.css', { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.body.toString()).toBe(STYLES);
    });

    it('lets browsers keep hashed assets for a year, and revalidate everything else', async () => {
      for (const path of ['/assets/index-Ab12Cd34.js', '/assets/index-Ef56Gh78.css']) {
        for (const accept of ['br', 'gzip', 'identity']) {
          const response = await get(path, { 'accept-encoding': accept });
          expect(response.headers['cache-control'], `${path} ${accept}`).toBe(
            'public, max-age=31536000, immutable',
          );
        }
      }
      expect((await get('/favicon.svg')).headers['cache-control']).not.toContain('immutable');
      expect((await get(paths.html ?? '')).headers['cache-control']).toBe('no-cache');
    });

    it('answers 304 for a static file the browser already has', async () => {
      const first = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag ?? '');
      expect(etag).not.toBe('');
      const again = await get('/assets/index-Ab12Cd34.js', {
        'accept-encoding': 'br',
        'if-none-match': etag,
      });
      expect(again.status).toBe(304);
    });

    it('does not compress what is too small to gain from it', async () => {
      const response = await get('/api/tags?limit=1', { 'accept-encoding': 'br' });
      expect(response.status).toBe(200);
      expect(response.body.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
    });
  },
  suiteConfig({}),
);

describeEachDatabase(
  'transport: compression, validators and 304 (response cache off)',
  (ctx) => {
    const get = overHttp()(ctx);
    let pagePath = '';
    beforeAll(async () => {
      const post = await seedPost(ctx);
      pagePath = `/readblog?id=${post.id}&name=${encodeURIComponent(post.author)}`;
    });

    it.each([
      ['/allblog', 'text/html'],
      ['/api/post/blog/all', 'application/json'],
      ['/sitemap.xml', 'application/xml'],
    ])('compresses %s and answers 304 to its ETag', async (path, type) => {
      const br = await get(path, { 'accept-encoding': 'br' });
      expect(br.status).toBe(200);
      expect(br.headers['x-cache']).toBeUndefined();
      expect(br.headers['content-type']).toContain(type);
      const plain = await get(path);
      expect(plain.body.toString()).toBe(br.body.toString());
      if (br.body.length >= 1024) expect(br.headers['content-encoding']).toBe('br');
      const etag = String(br.headers.etag ?? '');
      expect(etag).not.toBe('');
      const notModified = await get(path, { 'if-none-match': etag, 'accept-encoding': 'gzip' });
      expect(notModified.status).toBe(304);
      expect(notModified.wire.length).toBe(0);
      expect(notModified.headers['content-encoding']).toBeUndefined();
    });

    it('compresses a page or a list in one call, with its length, not through a stream', async () => {
      // Both are over the 8 KB that @fastify/compress would stream on a two-core host.
      const author = await signUpUser(ctx);
      for (let n = 1; n <= 4; n += 1)
        await createPost(ctx, author, { title: `Listed ${n}`, content: `Listed words ${n}. `.repeat(120) });
      for (const path of [pagePath, '/api/post/blog/all?limit=20']) {
        const plain = await get(path);
        expect(plain.body.length, path).toBeGreaterThan(8 * 1024);
        for (const encoding of ['br', 'gzip']) {
          const response = await get(path, { 'accept-encoding': encoding });
          expect(response.headers['content-encoding'], path).toBe(encoding);
          expect(response.headers['transfer-encoding'], path).toBeUndefined();
          expect(Number(response.headers['content-length']), path).toBe(response.wire.length);
          expect(response.body.toString(), path).toBe(plain.body.toString());
        }
      }
    });

    it('renders the page afresh when the ETag no longer matches', async () => {
      const first = await get(pagePath, { 'accept-encoding': 'gzip' });
      expect(first.headers['content-encoding']).toBe('gzip');
      expect(first.body.toString()).toContain('Compressed on the way out');
      const stale = await get(pagePath, { 'if-none-match': 'W/"stale"' });
      expect(stale.status).toBe(200);
      expect(stale.body.toString()).toBe(first.body.toString());
    });
  },
  suiteConfig({ responseCacheTtlMs: 0 }),
);
