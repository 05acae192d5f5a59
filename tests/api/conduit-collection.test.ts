import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Database } from '../../server/db/database';
import { DIALECTS, testConfig } from './support/harness';
import { createTestDatabase, postgresAvailable } from './support/test-databases';

/**
 * The RealWorld project's own published API test collection (vendored unmodified in
 * fixtures/realworld, MIT) passes in full against Inkwell. It runs with newman, as the project's
 * run-api-tests.sh does, against a real server on 127.0.0.1, on each database. No network: the
 * collection only calls {{APIURL}}.
 */
const COLLECTION = JSON.parse(
  readFileSync(new URL('./fixtures/realworld/Conduit.postman_collection.json', import.meta.url), 'utf8'),
) as object;

function runCollection(apiUrl: string): Promise<NewmanRunSummary> {
  const username = `u${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: COLLECTION,
        globalVar: [
          { key: 'APIURL', value: apiUrl },
          { key: 'USERNAME', value: username },
          { key: 'EMAIL', value: `${username}@mail.com` },
          { key: 'PASSWORD', value: 'password' },
        ],
        delayRequest: 0,
        timeoutRequest: 10_000,
        reporters: [],
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
  });
}

describe('the RealWorld API test collection', () => {
  for (const dialect of DIALECTS) {
    const skip = dialect === 'postgres' && !postgresAvailable;
    describe.skipIf(skip)(`[${dialect}]`, () => {
      let app: FastifyInstance | undefined;
      let database: Database | undefined;
      let dispose: (() => Promise<void>) | undefined;
      let apiUrl = '';

      beforeAll(async () => {
        const created = await createTestDatabase(dialect);
        database = created.database;
        dispose = created.dispose;
        app = await buildApp({ config: testConfig(), database });
        await app.listen({ host: '127.0.0.1', port: 0 });
        const { port } = app.server.address() as AddressInfo;
        apiUrl = `http://127.0.0.1:${port}/api`;
      });
      afterAll(async () => {
        await app?.close();
        await dispose?.();
      });

      it('passes every request and assertion', async () => {
        const summary = await runCollection(apiUrl);
        const failures = summary.run.failures.map(
          (failure) => `${failure.source?.name ?? '?'}: ${failure.error.message}`,
        );
        expect(failures).toEqual([]);
        const { requests, assertions } = summary.run.stats;
        expect(requests.total).toBe(32);
        expect(requests.failed).toBe(0);
        expect(assertions.failed).toBe(0);
        expect(assertions.total).toBeGreaterThan(200);
        // For the record (the closing note quotes it).
        console.log(
          `[${dialect}] RealWorld collection: ${requests.total} requests, ${assertions.total} assertions, ` +
            `${(requests.failed ?? 0) + (assertions.failed ?? 0)} failed`,
        );
      }, 60_000);
    });
  }
});
