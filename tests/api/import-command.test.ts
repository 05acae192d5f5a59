import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { signUpUser, testConfig, type ApiContext } from './support/harness';
import { lastJsonLine, runNode } from './support/server-process';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'inkwell-import-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const importCommand = (args: string[], env: Record<string, string>) =>
  runNode(['--import', 'tsx', 'scripts/import.ts', ...args], env);

describe.each(['sqlite', 'postgres'] as const)('npm run import [%s]', (dialect) => {
  it.skipIf(dialect === 'postgres' && !postgresAvailable)(
    'checks with --dry-run, imports, reports each item, and creates nothing on a second run',
    { timeout: 60_000 },
    async () => {
      const dataDir = folder();
      let url = join(dataDir, 'inkwell.sqlite');
      if (dialect === 'postgres') {
        const created = await createEmptyPostgresDatabase('inkwell_import');
        cleanups.push(() => created.drop());
        url = created.url;
      }
      const env = { DATA_DIR: dataDir, DATABASE_URL: url };
      const database = openDatabase({ databaseUrl: url, dataDir });
      cleanups.push(() => database.close());
      await migrateToLatest(database);
      const app = await buildApp({ config: testConfig({ dataDir }), database });
      cleanups.push(() => app.close());
      const ctx: ApiContext = { app, database, dialect };
      const writer = await signUpUser(ctx);

      const source = folder();
      writeFileSync(join(source, 'one.md'), '---\ntitle: One\ntags: [imported]\n---\nThe first.\n');
      writeFileSync(join(source, 'two.md'), '---\ntitle: Two\ndraft: true\n---\nThe second.\n');
      const posts = () =>
        database.db.selectFrom('posts').select('title').where('author_id', '=', writer.id).execute();

      const dry = await importCommand([source, '--user', writer.email, '--dry-run'], env);
      expect(dry.code, dry.stderr).toBe(0);
      expect(dry.stdout).toContain('would create  one.md “One”');
      expect(lastJsonLine(dry.stdout)).toEqual({
        source: 'markdown',
        dryRun: true,
        wouldCreate: 2,
        skipped: 0,
        failed: 0,
      });
      expect(await posts()).toEqual([]);

      const real = await importCommand([source, '--user', writer.email], env);
      expect(real.code, real.stderr).toBe(0);
      expect(lastJsonLine(real.stdout)).toEqual({
        source: 'markdown',
        dryRun: false,
        created: 2,
        skipped: 0,
        failed: 0,
      });
      expect((await posts()).map((post) => post.title).sort()).toEqual(['One', 'Two']);

      writeFileSync(join(source, 'three.md'), `---\ntitle: ${'x'.repeat(500)}\n---\nToo long a title.\n`);
      // The name as an operator might type it: names are compared without regard to case.
      const again = await importCommand([source, '--user', writer.username.toUpperCase()], env);
      expect(again.code).toBe(1);
      expect(again.stdout).toContain('skipped   one.md “One”: Already imported');
      expect(again.stdout).toMatch(/FAILED {4}three\.md .*Title/);
      expect(lastJsonLine(again.stdout)).toEqual({
        source: 'markdown',
        dryRun: false,
        created: 0,
        skipped: 2,
        failed: 1,
      });
      expect(await posts()).toHaveLength(2);

      const nobody = await importCommand([source, '--user', 'nobody@example.com'], env);
      expect(nobody.code).toBe(2);
      expect(nobody.stderr).toContain('import: No account has the email or username nobody@example.com');
      const usage = await importCommand([source], env);
      expect(usage.code).toBe(2);
      expect(usage.stderr).toContain('Usage: npm run import');
    },
  );
});
