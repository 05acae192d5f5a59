import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { DEMO_AUTHOR_EMAIL, seedDemoContent } from '../../server/seed/demo-content';
import { runAtOnce } from './support/processes';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

async function withFreshPostgres<T>(use: (url: string) => Promise<T>): Promise<T> {
  const database = await createEmptyPostgresDatabase('inkwell_seed');
  try {
    return await use(database.url);
  } finally {
    await database.drop();
  }
}

async function demoRows(database: Database): Promise<{ authors: number; posts: number }> {
  const authors = await database.db
    .selectFrom('users')
    .select('id')
    .where('email_key', '=', DEMO_AUTHOR_EMAIL)
    .execute();
  const posts = await database.db
    .selectFrom('posts')
    .select('id')
    .where(
      'author_id',
      'in',
      authors.map((author) => author.id),
    )
    .execute();
  return { authors: authors.length, posts: posts.length };
}

describe('the demo seed when instances start together', { timeout: 120_000 }, () => {
  it.skipIf(!postgresAvailable)(
    'PostgreSQL: four seeders at the same instant add the welcome posts exactly once, none fails',
    async () => {
      await withFreshPostgres(async (url) => {
        const first = openDatabase({ databaseUrl: url, dataDir: '.tmp' });
        await migrateToLatest(first);
        const seeders = [first, ...[1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: '.tmp' }))];
        try {
          // Connected beforehand, so all four transactions begin in the same round trip.
          await Promise.all(seeders.map((seeder) => seeder.db.selectFrom('users').select('id').execute()));
          const outcomes = await Promise.allSettled(seeders.map((seeder) => seedDemoContent(seeder.db)));
          expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill('fulfilled'));
          const added = outcomes.map((outcome) => outcome.status === 'fulfilled' && outcome.value);
          expect(added.filter(Boolean)).toHaveLength(1);
          expect(await demoRows(first)).toEqual({ authors: 1, posts: 3 });
          // Later starts find it done.
          expect(await seedDemoContent(first.db)).toBe(false);
        } finally {
          await Promise.all(seeders.map((seeder) => seeder.close()));
        }
      });
    },
  );

  interface SeedRun {
    seeded: boolean;
  }

  it.skipIf(!postgresAvailable)(
    'PostgreSQL: three processes migrating and seeding a fresh database all start',
    async () => {
      await withFreshPostgres(async (url) => {
        const runs = await runAtOnce<SeedRun>('scripts/seed.ts', { DATABASE_URL: url, JWT_SECRET: '' });
        expect(runs.filter((run) => run.seeded)).toHaveLength(1);
        const database = openDatabase({ databaseUrl: url, dataDir: '.tmp' });
        try {
          expect(await demoRows(database)).toEqual({ authors: 1, posts: 3 });
        } finally {
          await database.close();
        }
      });
    },
  );

  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('SQLite: three processes migrating and seeding one file all start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'inkwell-seed-'));
    dirs.push(dir);
    const runs = await runAtOnce<SeedRun>('scripts/seed.ts', {
      DATA_DIR: dir,
      DATABASE_URL: '',
      JWT_SECRET: '',
    });
    expect(runs.filter((run) => run.seeded)).toHaveLength(1);
    const database = openDatabase({ databaseUrl: undefined, dataDir: dir });
    try {
      expect(await demoRows(database)).toEqual({ authors: 1, posts: 3 });
    } finally {
      await database.close();
    }
  });
});
