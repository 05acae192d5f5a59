import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { describeMigration, formerMember, legacyUser } from './support/migration-tests';

const MIGRATION = '2026-11-28-0601-former-members-without-handles';

// Accounts deleted after handles came kept theirs, which named the person beside posts kept under
// "former member"; the migration takes them away, and leaves everyone else's.
async function seedBeforeMigration(database: Database): Promise<void> {
  await database.db
    .insertInto('users')
    .values([
      {
        ...legacyUser({ id: 'u-01', username: 'Ada', at: '2026-01-01T00:00:00.000Z', usernameKey: 'ada' }),
        handle: 'ada',
      },
      { ...formerMember('u-02', '2026-01-02T00:00:00.000Z'), handle: 'leaving_soon' },
    ] as never)
    .execute();
}

describeMigration(
  'a former member has no handle',
  { migration: MIGRATION, seed: seedBeforeMigration },
  (database) => {
    it('clears the handles of deleted accounts only', async () => {
      const rows = await database().db.selectFrom('users').select(['id', 'handle']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'u-01', handle: 'ada' },
        { id: 'u-02', handle: null },
      ]);
    });
  },
);
