import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import { testConfig } from './support/harness';
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
