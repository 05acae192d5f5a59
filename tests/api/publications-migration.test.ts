import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { migrations } from '../../server/db/migrations';
import { PostsRepository } from '../../server/modules/posts/posts-repository';
import { DIALECTS } from './support/harness';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';

const MIGRATION = '2026-11-25-0201-create-publications';
const names = Object.keys(migrations).sort();
const BEFORE = names[names.indexOf(MIGRATION) - 1] ?? '';

const migrator = (database: Database) =>
  new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });

/** Accounts as they exist before publications: names that collide, are reserved or have no Latin letters. */
const USERS = [
  { id: '00000000-0000-7000-8000-000000000001', username: 'Ada', key: 'ada' },
  { id: '00000000-0000-7000-8000-000000000002', username: 'Ada!', key: 'ada!' },
  { id: '00000000-0000-7000-8000-000000000003', username: 'www', key: 'www' },
  { id: '00000000-0000-7000-8000-000000000004', username: '日本語', key: '日本語' },
  { id: '00000000-0000-7000-8000-000000000005', username: 'writer', key: 'writer' },
  // Deleted with their posts kept: no name to address, so no blog.
  { id: '00000000-0000-7000-8000-000000000006', username: 'former member', key: null },
];
const POST_ID = '00000000-0000-7000-8000-0000000000aa';

describe('publications migration', () => {
  for (const dialect of DIALECTS) {
    const skip = dialect === 'postgres' && !postgresAvailable;
    describe.skipIf(skip)(`gives existing accounts their own blogs [${dialect}]`, () => {
      let database: Database | undefined;
      let drop: (() => Promise<void>) | undefined;

      beforeAll(async () => {
        if (dialect === 'sqlite') {
          database = await openDatabase({ databaseUrl: ':memory:', dataDir: '.tmp' });
        } else {
          const empty = await createEmptyPostgresDatabase('inkwell_publications');
          drop = empty.drop;
          database = await openDatabase({ databaseUrl: empty.url, dataDir: '.tmp' });
        }
        const before = await migrator(database).migrateTo(BEFORE);
        if (before.error) throw before.error;
        for (const [index, user] of USERS.entries()) {
          const at = `2026-01-0${index + 1}T00:00:00.000Z`;
          await database.db
            .insertInto('users')
            .values({
              id: user.id,
              username: user.username,
              username_key: user.key,
              email: `${index}@example.com`,
              email_key: `${index}@example.com`,
              password_hash: 'x',
              created_at: at,
              updated_at: at,
            } as never)
            .execute();
        }
        await database.db
          .insertInto('posts')
          .values({
            id: POST_ID,
            author_id: USERS[0]?.id ?? '',
            title: 'Written before publications',
            content: 'Still here.',
            created_at: '2026-01-10T00:00:00.000Z',
            updated_at: '2026-01-10T00:00:00.000Z',
            published_at: '2026-01-10T00:00:00.000Z',
          } as never)
          .execute();
        const after = await migrator(database).migrateToLatest();
        if (after.error) throw after.error;
      });
      afterAll(async () => {
        await database?.close();
        await drop?.();
      });

      it('makes one blog per addressable account, each address unique and never reserved', async () => {
        if (!database) throw new Error('no database');
        const rows = await database.db
          .selectFrom('publications')
          .innerJoin('publication_members', 'publication_members.publication_id', 'publications.id')
          .select(['publications.id', 'publications.slug', 'publications.name', 'publication_members.role'])
          .orderBy('publications.id')
          .execute();
        expect(rows.map((row) => [row.id.slice(-1), row.slug, row.name, row.role])).toEqual([
          ['1', 'ada', 'Ada', 'owner'],
          ['2', 'ada-2', 'Ada!', 'owner'],
          // Reserved, or no letter to make an address of: the fallback, numbered, after real names.
          ['3', 'writer-2', 'www', 'owner'],
          ['4', 'writer-3', '日本語', 'owner'],
          ['5', 'writer', 'writer', 'owner'],
        ]);
      });

      it("leaves every post where it was: in its author's own blog", async () => {
        if (!database) throw new Error('no database');
        const post = await new PostsRepository(database.db).findById(POST_ID, null);
        expect(post?.publication).toEqual({ slug: 'ada', name: 'Ada', personal: true, domain: null });
      });
    });
  }
});
