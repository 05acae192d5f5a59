import { expect, it } from 'vitest';
import type { Database } from '../../server/db/database';
import { addComment, notificationsOf } from './support/conversation';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';
import { createPost } from './support/posts';
import { describeMigration, formerMember, legacyUser } from './support/migration-tests';

const TAKEN = 'This handle is already taken';
const CHARACTERS = 'A handle may hold only lowercase letters, digits and _';

const signUp = (ctx: ApiContext, body: Record<string, unknown>) =>
  request<{ jwt: string; userId: string; username: string; handle: string }>(ctx, {
    method: 'POST',
    url: '/api/user/signup',
    payload: {
      email: `h-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'secret123',
      ...body,
    },
  });

describeEachDatabase('handles', (ctx) => {
  it("proposes a handle from the name when the spec's sign-up sends none, numbered when taken", async () => {
    const first = await signUp(ctx, { username: 'Bob Reader' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ username: 'Bob Reader', handle: 'bob_reader' });
    const second = await signUp(ctx, { username: 'Bob-Reader' });
    expect(second.body.handle).toBe('bob_reader2');
    const third = await signUp(ctx, { username: 'bob.reader' });
    expect(third.body.handle).toBe('bob_reader3');
    expect((await signUp(ctx, { username: 'Zoë Ångström' })).body.handle).toBe('zoe_angstrom');
    expect((await signUp(ctx, { username: '李小龍' })).body.handle).toMatch(/^writer\d*$/);
  });

  it('takes a chosen handle, unique without regard to case, with field errors', async () => {
    const chosen = await signUp(ctx, { username: 'Carla Writes', handle: 'Carla' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.handle).toBe('carla');
    const twin = await signUp(ctx, { username: 'Another Carla', handle: 'CARLA' });
    expect(twin.status).toBe(409);
    expect(twin.body).toEqual({ message: TAKEN, errors: { handle: [TAKEN] } });
    const bad = await signUp(ctx, { username: 'Spacey', handle: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errors: { handle: [CHARACTERS] } });
  });

  it('is carried by /api/user/me and profiles, and changed in settings', async () => {
    const user = await signUp(ctx, { username: 'Dana Moves' });
    const other = await signUp(ctx, { username: 'Eli Stays', handle: 'eli' });
    const me = await request<{ response: { handle: string } }>(ctx, {
      method: 'GET',
      url: '/api/user/me',
      token: user.body.jwt,
    });
    expect(me.body.response.handle).toBe('dana_moves');
    const changed = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      payload: { handle: 'dana' },
      token: user.body.jwt,
    });
    expect(changed.status).toBe(200);
    const profile = await request<{ response: { handle: string; username: string } }>(ctx, {
      method: 'GET',
      url: `/api/user/profile?userId=${user.body.userId}`,
    });
    expect(profile.body.response).toMatchObject({ handle: 'dana', username: 'Dana Moves' });
    const taken = await request(ctx, {
      method: 'PUT',
      url: '/api/user/userupdate',
      payload: { handle: 'ELI' },
      token: user.body.jwt,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: TAKEN, errors: { handle: [TAKEN] } });
    expect(other.status).toBe(201);
  });

  it('lets a comment mention someone whose name has a space by their handle, and notifies them', async () => {
    const signedUp = await signUp(ctx, { username: 'Gil Spaced Reader' });
    const gil = {
      id: signedUp.body.userId,
      token: signedUp.body.jwt,
      username: 'Gil Spaced Reader',
      email: '',
      password: 'secret123',
    };
    const writer = await signUpUser(ctx);
    const post = await createPost(ctx, writer);
    const comment = await addComment(ctx, writer, post.id, `Thanks @${signedUp.body.handle}.`);
    expect(comment.bodyHtml).toContain(
      `<a class="mention" href="/@${signedUp.body.handle}">@${signedUp.body.handle}</a>.`,
    );
    const mine = await notificationsOf(ctx, gil);
    expect(mine.response).toEqual([expect.objectContaining({ kind: 'mention' })]);
  });
});

const MIGRATION = '2026-11-26-0003-handles';

const ROWS = [
  { id: 'h-2', username: 'bob reader!', at: '2026-01-02T00:00:00.000Z' },
  { id: 'h-1', username: 'Bob Reader', at: '2026-01-01T00:00:00.000Z' },
  { id: 'h-3', username: 'Zoë', at: '2026-01-03T00:00:00.000Z' },
  { id: 'h-4', username: '!!', at: '2026-01-04T00:00:00.000Z' },
];

/** Accounts as they were before handles, and a former member. */
async function seedAccountsWithoutHandles(database: Database): Promise<void> {
  await database.db
    .insertInto('users')
    .values([
      ...ROWS.map((row) => legacyUser({ ...row, usernameKey: row.username.toLowerCase() })),
      formerMember('h-5', '2026-01-05T00:00:00.000Z'),
    ] as never)
    .execute();
}

describeMigration(
  'handle migration gives every existing account a handle',
  { migration: MIGRATION, seed: seedAccountsWithoutHandles },
  (database) => {
    it('proposes from the name, oldest first, numbered when taken; former members get none', async () => {
      const { db } = database();
      const rows = await db.selectFrom('users').select(['id', 'handle']).orderBy('id').execute();
      expect(rows.map((row) => [row.id, row.handle])).toEqual([
        ['h-1', 'bob_reader'],
        ['h-2', 'bob_reader2'],
        ['h-3', 'zoe'],
        ['h-4', 'writer'],
        ['h-5', null],
      ]);
      const duplicate = db.updateTable('users').set({ handle: 'zoe' }).where('id', '=', 'h-4').execute();
      await expect(duplicate).rejects.toThrow();
    });
  },
);
