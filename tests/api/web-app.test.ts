import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestDatabase, type TestDatabase } from './support/test-databases';
import { testConfig } from './support/harness';

describe('serving the web app', () => {
  let app: FastifyInstance;
  let testDatabase: TestDatabase;
  const webDir = mkdtempSync(join(tmpdir(), 'inkwell-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Inkwell</title><div id="root"></div>');
    writeFileSync(
      join(webDir, 'assets', 'app-abc123.js'),
      'console.log("app")\n//# sourceMappingURL=app-abc123.js.map',
    );
    writeFileSync(
      join(webDir, 'assets', 'app-abc123.js.map'),
      '{"version":3,"sources":["../src/secret.ts"]}',
    );
    testDatabase = await createTestDatabase('sqlite');
    app = await buildApp({ config: testConfig({ webDir }), database: testDatabase.database });
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/allblog', '/readblog?id=x&name=y', '/profile?userId=z', '/no/such/page'])(
    'answers the client-side route %s with index.html',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('does not serve source maps unless the operator asks', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('secret.ts');
    expect(response.json()).toEqual({ message: 'Not found: GET /assets/app-abc123.js.map' });
  });

  it('serves source maps with SERVE_SOURCE_MAPS=1', async () => {
    const withMaps = await buildApp({
      config: testConfig({ webDir, serveSourceMaps: true }),
      database: testDatabase.database,
    });
    try {
      const response = await withMaps.inject({ method: 'GET', url: '/assets/app-abc123.js.map' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('secret.ts');
    } finally {
      await withMaps.close();
    }
  });

  it('answers a missing asset with a 404, not index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found: GET /api/unknown' });
  });
});
