import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/test-databases';

/**
 * On PostgreSQL, a statement with parameters is prepared once a connection and run by name
 * afterwards (server/db/postgres-prepared-statements.ts), so it is not planned afresh each time.
 */
describe.skipIf(!postgresAvailable)('PostgreSQL statements', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('prepares a statement with parameters once a connection, and runs it by name again', async () => {
    const { db } = test.database;
    await db.connection().execute(async (connection) => {
      const read = (id: string) =>
        connection.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      await read('nobody');
      await read('nobody else');
      const prepared = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements where statement like ${'%from "users" where "id" = $1%'}
      `.execute(connection);
      expect(prepared.rows).toHaveLength(1);
      expect(prepared.rows[0]?.name).toMatch(/^inkwell_\d+$/);
    });
  });

  it('writes a LIMIT into the text, so a list can keep a generic plan; an OFFSET stays a parameter', async () => {
    // Which plan PostgreSQL keeps depends on the table's size (an empty one keeps either), so this
    // checks the text; docs/performance.md has the planning time it saves at 100,000 posts.
    const { db } = test.database;
    await db.connection().execute(async (connection) => {
      const page = (before: string, offset: number) =>
        connection
          .selectFrom('posts')
          .select('id')
          .where('published_at', '<=', before)
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .limit(21)
          .offset(offset)
          .execute();
      await page('2026-11-01T00:00:00.000Z', 0);
      await page('2026-11-02T00:00:00.000Z', 40);
      const prepared = await sql<{ statement: string }>`
        select statement from pg_prepared_statements
        where statement like ${'%from "posts" where "published_at" <= $1%'}
      `.execute(connection);
      expect(prepared.rows.map((row) => row.statement.slice(row.statement.indexOf(' limit ')))).toEqual([
        ' limit 21 offset $2',
      ]);
    });
  });

  it('leaves a statement without parameters unnamed, so several commands still run as one', async () => {
    const { db } = test.database;
    await sql`select 1; select 2`.execute(db);
    const unnamed = await sql<{ n: string }>`
      select count(*) as n from pg_prepared_statements where statement like ${'select 1;%'}
    `.execute(db);
    expect(Number(unnamed.rows[0]?.n)).toBe(0);
  });
});
