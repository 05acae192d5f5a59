import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from './support/harness';
import { createTestDatabase } from './support/test-databases';

it('runs every periodic job on the scheduler once ready, and none once closed', async () => {
  const { database, dispose } = await createTestDatabase('sqlite');
  try {
    const app = await buildApp({ config: testConfig(), database });
    expect(app.scheduler.active()).toEqual([]);
    await app.ready();
    expect(app.scheduler.active().sort()).toEqual([
      'custom domain checks',
      'mail outbox',
      'newsletter: forget unconfirmed addresses',
      'newsletter: queue',
      'newsletter: send',
      'site hosts refresh',
      'social web delivery queue',
      'social web scheduled posts',
      'stats: forget salts, hashes and old hours',
      'stats: write counted views',
      'webhook queue',
    ]);
    await app.close();
    expect(app.scheduler.active()).toEqual([]);
  } finally {
    await dispose();
  }
});
