import { expect, it } from 'vitest';
import { isUniqueViolation } from '../../server/db/errors';
import type { Database } from '../../server/db/database';
import { describeMigration, formerMember, legacyUser } from './support/migration-tests';

const MIGRATION = '2026-11-25-0006-unique-usernames-and-profiles';

const LONG = 'L'.repeat(40);

/** Accounts as they could exist before names were unique, in no particular order. */
const BEFORE_ROWS = [
  { id: 'u-05', username: 'ada', at: '2026-01-02T00:00:00.000Z' },
  { id: 'u-01', username: 'Ada', at: '2026-01-01T00:00:00.000Z' },
  // Same time as u-05: the id breaks the tie, so u-04 comes first.
  { id: 'u-04', username: 'ADA', at: '2026-01-02T00:00:00.000Z' },
  // Already holds the first suffix a renamed "ada" would get, so that one must skip it.
  { id: 'u-09', username: 'Ada-2', at: '2026-01-09T00:00:00.000Z' },
  { id: 'u-02', username: 'Zoë', at: '2026-01-01T00:00:00.000Z' },
  // SQLite's lower() folds only ASCII: the migration compares as the app does.
  { id: 'u-06', username: 'ZOË', at: '2026-01-03T00:00:00.000Z' },
  { id: 'u-03', username: LONG, at: '2026-01-01T00:00:00.000Z' },
  { id: 'u-07', username: LONG.toLowerCase(), at: '2026-01-04T00:00:00.000Z' },
  { id: 'u-08', username: 'Unique', at: '2026-01-05T00:00:00.000Z' },
];

/** Accounts deleted with their posts kept: all named "former member", never addressable. */
const FORMER = ['u-10', 'u-11'];

async function seedBeforeMigration(database: Database): Promise<void> {
  const rows = [
    ...BEFORE_ROWS.map((row) => legacyUser(row)),
    // The demo author cannot sign in either, but is addressable by its name like anyone.
    legacyUser({
      id: 'u-12',
      username: 'Inkwell Team',
      at: '2026-01-07T00:00:00.000Z',
      email: 'demo@inkwell.invalid',
      signsIn: false,
    }),
    // Before names were unique there was no name key to leave empty.
    ...FORMER.map((id) => formerMember(id, '2026-01-06T00:00:00.000Z', false)),
  ];
  await database.db
    .insertInto('users')
    .values(rows as never)
    .execute();
}

describeMigration(
  'username migration renames later duplicates deterministically',
  { migration: MIGRATION, seed: seedBeforeMigration, until: 'latest' },
  (database) => {
    it('keeps the oldest name, suffixes the others, and leaves former members unaddressable', async () => {
      const { db } = database();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'username_key', 'bio', 'image'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.id, row.username, row.username_key])).toEqual([
        ['u-01', 'Ada', 'ada'],
        ['u-02', 'Zoë', 'zoë'],
        ['u-03', LONG, LONG.toLowerCase()],
        ['u-04', 'ADA-3', 'ada-3'],
        ['u-05', 'ada-4', 'ada-4'],
        ['u-06', 'ZOË-2', 'zoë-2'],
        // Cut to stay within the 40-character limit.
        ['u-07', `${'l'.repeat(38)}-2`, `${'l'.repeat(38)}-2`],
        ['u-08', 'Unique', 'unique'],
        ['u-09', 'Ada-2', 'ada-2'],
        ['u-10', 'former member', null],
        ['u-11', 'former member', null],
        ['u-12', 'Inkwell Team', 'inkwell team'],
      ]);
      expect(rows.every((row) => row.bio === null && row.image === null)).toBe(true);
    });

    it('leaves a unique index that refuses a second account with the same key', async () => {
      const { db } = database();
      const attempt = db
        .insertInto('users')
        .values({
          id: 'u-99',
          username: 'aDa',
          username_key: 'ada',
          email: 'u-99@example.com',
          email_key: 'u-99@example.com',
          password_hash: 'x',
          created_at: '2026-02-01T00:00:00.000Z',
          updated_at: '2026-02-01T00:00:00.000Z',
        })
        .execute();
      const error: unknown = await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(isUniqueViolation(error)).toBe(true);
    });
  },
);
