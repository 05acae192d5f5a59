import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';
import { describeMigration, formerMember, legacyUser } from './support/migration-tests';

const HIDDEN = 'Name cannot contain invisible or text-direction control characters';
const TAKEN = 'This name is already taken';
const COMPOSED = 'Caf\u00e9 Reader';
const DECOMPOSED = 'Cafe\u0301 Reader';

const signUp = (ctx: ApiContext, username: string) =>
  request(ctx, {
    method: 'POST',
    url: '/api/user/signup',
    payload: {
      username,
      email: `n-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret123',
    },
  });

describeEachDatabase('names compared by their normalised, case-folded form', (ctx) => {
  it('refuses a name that differs from a taken one only in normalisation, width or case', async () => {
    const first = await signUp(ctx, COMPOSED);
    expect(first.status).toBe(201);
    for (const twin of [DECOMPOSED, 'CAFÉ READER', '\uff23\uff41\uff46\u00e9 Reader', 'Café\u200d Reader']) {
      const answer = await signUp(ctx, twin);
      expect(answer.status, twin).toBe(409);
      expect(answer.body).toEqual({ message: TAKEN, errors: { username: [TAKEN] } });
    }
    const other = await signUpUser(ctx);
    const rename = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      payload: { username: DECOMPOSED },
      token: other.token,
    });
    expect(rename.status).toBe(409);
  });

  it('stores names in NFC and finds them whichever form is asked for', async () => {
    const answer = await signUp(ctx, 'Zoe\u0308 Writer');
    expect(answer.status).toBe(201);
    const { userId } = answer.body as { userId: string };
    const profile = await request<{ response: { username: string } }>(ctx, {
      method: 'GET',
      url: `/api/user/profile?userId=${userId}`,
    });
    expect(profile.body.response.username).toBe('Zo\u00eb Writer');
    const conduit = await request<{ profile: { username: string } }>(ctx, {
      method: 'GET',
      url: `/api/profiles/${encodeURIComponent('ZOE\u0308 WRITER')}`,
    });
    expect(conduit.status).toBe(200);
    expect(conduit.body.profile.username).toBe('Zo\u00eb Writer');
  });

  it('refuses invisible and text-direction control characters with a field error', async () => {
    for (const name of ['Bob\u200bReader', 'Bob\u202eredaeR', 'Bob\u2066x', 'Bob\u00adby', 'Tab\tby']) {
      const answer = await signUp(ctx, name);
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body).toMatchObject({ errors: { username: [HIDDEN] } });
    }
    const user = await signUpUser(ctx);
    const rename = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      payload: { username: 'Eve\u202e' },
      token: user.token,
    });
    expect(rename.status).toBe(400);
    expect(rename.body).toMatchObject({ errors: { username: [HIDDEN] } });
    // Joiners some scripts and emoji need are names like any other.
    expect((await signUp(ctx, 'Writer \u{1F469}\u200d\u{1F4BB}')).status).toBe(201);
  });
});

const MIGRATION = '2026-11-26-0002-normalized-username-keys';

/** Accounts as the lower-casing rule let them be: each pair is one name under the new rule. */
const ROWS = [
  { id: 'n-1', username: COMPOSED, at: '2026-01-01T00:00:00.000Z' },
  { id: 'n-2', username: DECOMPOSED, at: '2026-01-02T00:00:00.000Z' },
  { id: 'n-3', username: 'Bob', at: '2026-01-03T00:00:00.000Z' },
  { id: 'n-4', username: 'Bob\u200b', at: '2026-01-01T00:00:00.000Z' },
  { id: 'n-5', username: 'Straße', at: '2026-01-05T00:00:00.000Z' },
  { id: 'n-6', username: 'STRASSE', at: '2026-01-06T00:00:00.000Z' },
  { id: 'n-7', username: 'Alone', at: '2026-01-07T00:00:00.000Z' },
];

/** Accounts as the lower-casing rule let them be, and a former member. */
async function seedLowerCasedNames(database: Database): Promise<void> {
  await database.db
    .insertInto('users')
    .values([
      ...ROWS.map((row) => legacyUser({ ...row, usernameKey: row.username.toLowerCase() })),
      formerMember('n-8', '2026-01-08T00:00:00.000Z'),
    ] as never)
    .execute();
}

describeMigration(
  'username key migration settles names that are one under the new rule',
  { migration: MIGRATION, seed: seedLowerCasedNames },
  (database) => {
    it('keeps the oldest name, suffixes the later one, and stores every name in NFC', async () => {
      const { db } = database();
      const rows = await db
        .selectFrom('users')
        .select(['id', 'username', 'username_key'])
        .orderBy('id')
        .execute();
      expect(rows.map((row) => [row.id, row.username, row.username_key])).toEqual([
        ['n-1', COMPOSED, 'caf\u00e9 reader'],
        ['n-2', `${COMPOSED}-2`, 'caf\u00e9 reader-2'],
        ['n-3', 'Bob-2', 'bob-2'],
        // The older account keeps its name; the invisible character is ignored by the key.
        ['n-4', 'Bob\u200b', 'bob'],
        ['n-5', 'Straße', 'strasse'],
        ['n-6', 'STRASSE-2', 'strasse-2'],
        ['n-7', 'Alone', 'alone'],
        ['n-8', 'former member', null],
      ]);
    });
  },
);
