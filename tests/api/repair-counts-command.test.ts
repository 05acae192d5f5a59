import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { addComment } from './support/conversation';
import { signUpUser, testConfig, type ApiContext } from './support/harness';
import { createPost } from './support/posts';
import { lastJsonLine, runNode } from './support/server-process';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The environment that points the command at a new database of the given kind. */
async function newDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ env: Record<string, string>; url: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-counts-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (dialect === 'sqlite') {
    const url = join(dataDir, 'inkwell.sqlite');
    return { env: { DATA_DIR: dataDir, DATABASE_URL: url }, url };
  }
  const database = await createEmptyPostgresDatabase('inkwell_counts');
  cleanups.push(() => database.drop());
  return { env: { DATA_DIR: dataDir, DATABASE_URL: database.url }, url: database.url };
}

const repairCounts = (args: string[], env: Record<string, string>) =>
  runNode(['--import', 'tsx', 'scripts/repair-counts.ts', ...args], env);

describe.each(['sqlite', 'postgres'] as const)('npm run repair-counts [%s]', (dialect) => {
  it.skipIf(dialect === 'postgres' && !postgresAvailable)(
    'checks, exits 1 on drift, repairs exactly the drifted posts, and checks clean again',
    { timeout: 60_000 },
    async () => {
      const { env, url } = await newDatabase(dialect);
      const database = openDatabase({ databaseUrl: url, dataDir: env.DATA_DIR! });
      cleanups.push(() => database.close());
      await migrateToLatest(database);
      const app = await buildApp({ config: testConfig(), database });
      cleanups.push(() => app.close());
      const ctx: ApiContext = { app, database, dialect };
      const author = await signUpUser(ctx);
      const post = await createPost(ctx, author);
      await addComment(ctx, author, post.id, 'One comment');

      const clean = await repairCounts(['--check'], env);
      expect(clean.code, clean.stderr).toBe(0);
      expect(lastJsonLine(clean.stdout)).toMatchObject({ drifted: 0 });

      await sql`update posts set comment_count = 7 where id = ${post.id}`.execute(database.db);
      const drifted = await repairCounts(['--check'], env);
      expect(drifted.code).toBe(1);
      expect(lastJsonLine(drifted.stdout)).toMatchObject({ drifted: 1 });

      const repaired = await repairCounts([], env);
      expect(repaired.code, repaired.stderr).toBe(0);
      expect(lastJsonLine(repaired.stdout)).toMatchObject({ repaired: 1 });
      const row = await database.db
        .selectFrom('posts')
        .select('comment_count')
        .where('id', '=', post.id)
        .executeTakeFirstOrThrow();
      expect(row.comment_count).toBe(1);
      expect((await repairCounts(['--check'], env)).code).toBe(0);
    },
  );
});
