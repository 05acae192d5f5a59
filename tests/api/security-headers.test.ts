import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Membership } from '../../contracts/publications';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { describeEachDatabase, request, signUpUser, testConfig } from './support/harness';
import { photo, upload } from './support/media';
import { createTestDatabase, type TestDatabase } from './support/test-databases';

const HSTS = 'strict-transport-security';

/** An app listening on a real port (cached answers are served before Fastify, so inject misses them). */
function serve(overrides: Partial<AppConfig>) {
  let app: FastifyInstance;
  let testDatabase: TestDatabase;
  let base = '';
  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite');
    app = await buildApp({ config: testConfig(overrides), database: testDatabase.database });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });
  return (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
}

describe('Strict-Transport-Security', () => {
  describe('self-hosted over plain HTTP (the default)', () => {
    const get = serve({});
    it('is not sent, and a forged X-Forwarded-Proto without a trusted proxy changes nothing', async () => {
      expect((await get('/api/post/blog/all')).headers.get(HSTS)).toBeNull();
      expect((await get('/api/nothing')).headers.get(HSTS)).toBeNull();
      expect(
        (await get('/api/post/blog/all', { 'x-forwarded-proto': 'https' })).headers.get(HSTS),
      ).toBeNull();
    });
  });

  describe('behind a proxy that terminates HTTPS (TRUST_PROXY=1)', () => {
    const get = serve({ trustProxy: true });
    it('is sent for requests that came over HTTPS, and only for those, cached or not', async () => {
      const overHttps = { 'x-forwarded-proto': 'https' };
      for (let round = 0; round < 2; round += 1) {
        // The second round is answered from the response cache: each kind keeps its own headers.
        const secure = await get('/api/post/blog/all', overHttps);
        expect(secure.headers.get(HSTS)).toBe('max-age=31536000; includeSubDomains');
        const plain = await get('/api/post/blog/all', { 'x-forwarded-proto': 'http' });
        expect(plain.headers.get(HSTS)).toBeNull();
        expect((await get('/api/post/blog/all')).headers.get(HSTS)).toBeNull();
      }
      expect((await get('/api/post/blog/all', overHttps)).headers.get('x-cache')).toBe('hit');
      expect((await get('/api/nothing', overHttps)).headers.get(HSTS)).not.toBeNull();
    });
  });

  describe('HSTS=always', () => {
    const get = serve({ hsts: 'always' });
    it('is sent on every answer', async () => {
      expect((await get('/api/post/blog/all')).headers.get(HSTS)).not.toBeNull();
      expect((await get('/api/nothing')).headers.get(HSTS)).not.toBeNull();
    });
  });

  describe('HSTS=off', () => {
    const get = serve({ hsts: 'off', trustProxy: true });
    it('is never sent', async () => {
      expect(
        (await get('/api/post/blog/all', { 'x-forwarded-proto': 'https' })).headers.get(HSTS),
      ).toBeNull();
    });
  });
});

/** A built web app in miniature: the page template, an icon the sites use, a hashed script. */
const webDir = mkdtempSync(join(tmpdir(), 'inkwell-corp-'));
mkdirSync(join(webDir, 'assets'));
writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Inkwell</title><div id="root"></div>');
writeFileSync(join(webDir, 'icon-192.png'), await photo(192, 192, { format: 'png' }));
writeFileSync(join(webDir, 'assets', 'app-abc123.js'), 'console.log("app")');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const CORP = 'cross-origin-resource-policy';

describeEachDatabase(
  'Cross-Origin-Resource-Policy',
  (ctx) => {
    const get = (url: string, host = 'inkwell.test') =>
      ctx.app.inject({ method: 'GET', url, headers: { host } });

    it("lets publications' sites, at other origins, load public files, and keeps everything else same-origin", async () => {
      const writer = await signUpUser(ctx);
      const uploaded = await upload(ctx, writer.token, await photo(640, 480));
      expect(uploaded.status).toBe(201);
      // The upload's own answer is the writer's, not a public file.
      expect(uploaded.headers[CORP]).toBe('same-origin');
      const mine = await request<{ response: Membership[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      });
      const slug = mine.body.response[0]?.publication.slug ?? '';

      // Pictures, the icon, the built files and a site's stylesheet: any site may embed them.
      const publicFiles = [
        uploaded.body.response.url,
        '/icon-192.png',
        '/assets/app-abc123.js',
        `/pub/${slug}/site.css`,
      ];
      for (const url of publicFiles) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(200);
        expect(response.headers[CORP], url).toBe('cross-origin');
      }
      // The stylesheet as the sub-domain serves it.
      const css = await get('/site.css', `${slug}.sites.test`);
      expect(css.statusCode).toBe(200);
      expect(css.headers[CORP]).toBe('cross-origin');

      // Answers that differ by reader, pages and errors stay the main site's own.
      const own = await request(ctx, { method: 'GET', url: '/api/user/me', token: writer.token });
      expect(own.status).toBe(200);
      expect(own.headers[CORP]).toBe('same-origin');
      for (const [url, host] of [
        ['/api/post/blog/all', 'inkwell.test'],
        ['/allblog', 'inkwell.test'],
        ['/', `${slug}.sites.test`],
        ['/media/00000000-0000-7000-8000-000000000000/480.webp', 'inkwell.test'],
        ['/no-such-file.png', 'inkwell.test'],
      ] as const) {
        expect((await get(url, host)).headers[CORP], `${host}${url}`).toBe('same-origin');
      }
    });
  },
  { config: { webDir, baseDomain: 'sites.test' } },
);
