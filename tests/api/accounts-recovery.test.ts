import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { API_KEY_INVALID_MESSAGE } from '../../contracts/api-keys';
import { buildApp } from '../../server/app';
import { loadWebhooksConfig, type AppConfig } from '../../server/config';
import { createTestDatabase } from './support/test-databases';
import { createPost } from './support/posts';
import { TokenService } from '../../server/lib/tokens';
import { photo, upload } from './support/media';
import { freePort } from './support/ports';
import { startLocalS3 } from './support/local-s3';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  TEST_JWT_SECRET,
  type ApiContext,
  type TestUser,
} from './support/harness';

/** What the local SMTP server (smtp-server, from npm) received. */
interface ReceivedMail {
  to: string[];
  text: string;
}

const inbox: ReceivedMail[] = [];

/** Enough of quoted-printable for nodemailer's plain-text bodies: soft breaks and =XX bytes. */
function decodeQuotedPrintable(raw: string): string {
  return Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      inbox.push({
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        text: decodeQuotedPrintable(raw),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

/** Where the suite's app keeps uploaded pictures (DATA_DIR): a folder of its own, removed at the end. */
const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-accounts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The stored files of one picture, relative to its folder ([] once it is gone). */
function pictureFiles(id: string): string[] {
  try {
    return readdirSync(join(dataDir, 'media', id)).sort();
  } catch {
    return [];
  }
}

const mailsTo = (address: string) => inbox.filter((mail) => mail.to.includes(address));

/** The link in the newest mail to `address`, once it has arrived (mail is sent after the answer). */
async function linkSentTo(address: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const mails = mailsTo(address);
    const match = mails
      .at(-1)
      ?.text.match(new RegExp(`http://inkwell\\.test${path}\\?token=([A-Za-z0-9_-]+)`));
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail with a ${path} link reached ${address}`);
}

/** Gives a background send time to happen, so "no mail arrived" means something. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

const signIn = (ctx: ApiContext, email: string, password: string) =>
  request(ctx, { method: 'POST', url: '/api/user/signin', payload: { email, password } });
const me = (ctx: ApiContext, token: string) => request(ctx, { method: 'GET', url: '/api/user/me', token });
const post = (ctx: ApiContext, url: string, payload: unknown, token?: string) =>
  request(ctx, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
  });

describeEachDatabase(
  'account recovery and control',
  (ctx) => {
    describe('forgotten password', () => {
      it('answers a registered and an unknown address alike, and mails only the registered one', async () => {
        const user = await signUpUser(ctx);
        const unknown = `nobody-${Date.now()}@example.com`;
        const known = await post(ctx, '/api/user/password/forgot', { email: user.email });
        const stranger = await post(ctx, '/api/user/password/forgot', { email: unknown });
        expect(known.status).toBe(202);
        expect(stranger.status).toBe(202);
        expect(stranger.body).toEqual(known.body);
        await linkSentTo(user.email, '/reset-password');
        await settle();
        expect(mailsTo(unknown)).toHaveLength(0);
      });

      it('resets the password once through the emailed link and ends every session', async () => {
        const user = await signUpUser(ctx);
        await post(ctx, '/api/user/password/forgot', { email: user.email.toUpperCase() });
        const token = await linkSentTo(user.email, '/reset-password');
        const reset = await post(ctx, '/api/user/password/reset', { token, password: 'recovered password' });
        expect(reset.status).toBe(200);
        expect((await me(ctx, user.token)).status).toBe(401);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(401);
        expect((await signIn(ctx, user.email, 'recovered password')).status).toBe(200);
        const reused = await post(ctx, '/api/user/password/reset', { token, password: 'a third password' });
        expect(reused.status).toBe(400);
        expect(reused.body).toEqual({
          message: 'This link is invalid, has expired or has already been used.',
        });
        expect((await signIn(ctx, user.email, 'recovered password')).status).toBe(200);
      });

      it('refuses an expired link, a made-up one and a malformed one with 400', async () => {
        const user = await signUpUser(ctx);
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        const token = await linkSentTo(user.email, '/reset-password');
        await ctx.database.db
          .updateTable('account_tokens')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('user_id', '=', user.id)
          .execute();
        for (const candidate of [token, 'A'.repeat(43), 'not a token!', '']) {
          const answer = await post(ctx, '/api/user/password/reset', {
            token: candidate,
            password: 'whatever123',
          });
          expect(answer.status).toBe(400);
        }
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
      });
    });

    describe('email change', () => {
      it('changes the address only once the link sent to the new one is opened', async () => {
        const user = await signUpUser(ctx);
        const next = `moved-${Date.now()}@example.com`;
        const wrong = await post(
          ctx,
          '/api/user/email',
          { email: next, currentPassword: 'not it' },
          user.token,
        );
        expect(wrong.status).toBe(400);
        const asked = await post(
          ctx,
          '/api/user/email',
          { email: next, currentPassword: user.password },
          user.token,
        );
        expect(asked.status).toBe(202);
        // Not yet: the old address still signs in.
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
        const token = await linkSentTo(next, '/confirm-email');
        const confirmed = await post(ctx, '/api/user/email/confirm', { token });
        expect(confirmed.status).toBe(200);
        expect(confirmed.body).toMatchObject({ email: next });
        expect((await signIn(ctx, next, user.password)).status).toBe(200);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(401);
        expect((await post(ctx, '/api/user/email/confirm', { token })).status).toBe(400);
      });

      it('does not reveal that another account uses the new address', async () => {
        const user = await signUpUser(ctx);
        const other = await signUpUser(ctx);
        const fresh = `fresh-${Date.now()}@example.com`;
        const taken = await post(
          ctx,
          '/api/user/email',
          { email: other.email, currentPassword: user.password },
          user.token,
        );
        const free = await post(
          ctx,
          '/api/user/email',
          { email: fresh, currentPassword: user.password },
          user.token,
        );
        expect(taken.status).toBe(202);
        expect(taken.body).toEqual(free.body);
        await linkSentTo(fresh, '/confirm-email');
        await settle();
        expect(mailsTo(other.email)).toHaveLength(0);
      });

      it('refuses an expired confirmation link', async () => {
        const user = await signUpUser(ctx);
        const next = `late-${Date.now()}@example.com`;
        await post(ctx, '/api/user/email', { email: next, currentPassword: user.password }, user.token);
        const token = await linkSentTo(next, '/confirm-email');
        await ctx.database.db
          .updateTable('account_tokens')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('user_id', '=', user.id)
          .execute();
        expect((await post(ctx, '/api/user/email/confirm', { token })).status).toBe(400);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
      });
    });

    describe('changing the password or the email', () => {
      /** A sign-in token of `user` as the app issues it, from a sign-in `minutesAgo` minutes ago. */
      const tokenSignedIn = (user: TestUser, minutesAgo: number, version = 0) =>
        new TokenService(TEST_JWT_SECRET, 3600).issue({
          userId: user.id,
          version,
          signedInAt: Date.now() - minutesAgo * 60_000,
        });
      const update = (token: string, payload: Record<string, unknown>) =>
        request(ctx, { method: 'PUT', url: '/api/user/userupdate', payload, token });

      it("keeps the spec's {username, password} working right after sign-in", async () => {
        const user = await signUpUser(ctx);
        const signedIn = (await signIn(ctx, user.email, user.password)).body as { jwt: string };
        const other = (await signIn(ctx, user.email, user.password)).body as { jwt: string };
        const changed = await update(signedIn.jwt, {
          username: `${user.username}b`,
          password: 'a new password',
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        // Every other session ends; the answer's token is this browser's new one.
        expect((await me(ctx, other.jwt)).status).toBe(401);
        expect((await me(ctx, (changed.body as { jwt: string }).jwt)).status).toBe(200);
        expect((await signIn(ctx, user.email, 'a new password')).status).toBe(200);
      });

      it('asks a sign-in older than 10 minutes for the current password', async () => {
        const user = await signUpUser(ctx);
        const old = await tokenSignedIn(user, 11);
        expect((await me(ctx, old)).status).toBe(200);
        const refused = await update(old, { password: 'a new password' });
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({
          message: 'You signed in more than 10 minutes ago: enter your current password to change it',
          errors: {
            currentPassword: [
              'You signed in more than 10 minutes ago: enter your current password to change it',
            ],
          },
        });
        const wrong = await update(old, { password: 'a new password', currentPassword: 'not it' });
        expect(wrong.status).toBe(400);
        expect(wrong.body).toMatchObject({
          errors: { currentPassword: ['Your current password is not correct'] },
        });
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
        const proven = await update(old, { password: 'a new password', currentPassword: user.password });
        expect(proven.status).toBe(200);
        // Nine minutes is still recent.
        const recent = await tokenSignedIn(user, 9, 1);
        expect((await update(recent, { password: 'a third password' })).status).toBe(200);
      });

      it('does not let a rename make an old sign-in recent', async () => {
        const user = await signUpUser(ctx);
        const renamed = await update(await tokenSignedIn(user, 30), { username: `${user.username}r` });
        expect(renamed.status).toBe(200);
        const again = await update((renamed.body as { jwt: string }).jwt, { password: 'a new password' });
        expect(again.status).toBe(403);
      });

      it('mails a notice of a password change whose link puts the previous password back', async () => {
        const user = await signUpUser(ctx);
        const changed = await update(user.token, { password: 'taken over' });
        expect(changed.status).toBe(200);
        const undo = await linkSentTo(user.email, '/undo-change');
        const notice = mailsTo(user.email).at(-1)?.text ?? '';
        expect(notice).toContain(
          'password of the Inkwell account that uses this address has just been changed',
        );
        const taker = (changed.body as { jwt: string }).jwt;
        const undone = await post(ctx, '/api/user/undo', { token: undo });
        expect(undone.status).toBe(200);
        expect(undone.body).toEqual({
          message:
            'Your previous password is back and every device has been signed out. Sign in with your previous password.',
        });
        expect((await me(ctx, taker)).status).toBe(401);
        expect((await signIn(ctx, user.email, 'taken over')).status).toBe(401);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
        expect((await post(ctx, '/api/user/undo', { token: undo })).status).toBe(400);
      });

      it('mails the previous address a notice of an email change whose link puts it back', async () => {
        const user = await signUpUser(ctx);
        const other = (await signIn(ctx, user.email, user.password)).body as { jwt: string };
        const next = `taken-${Date.now()}@example.com`;
        await post(ctx, '/api/user/email', { email: next, currentPassword: user.password }, user.token);
        const confirmLink = await linkSentTo(next, '/confirm-email');
        // Confirmed in the account's own browser: that browser gets a fresh token, the others end.
        const confirmed = await post(ctx, '/api/user/email/confirm', { token: confirmLink }, user.token);
        expect(confirmed.status).toBe(200);
        const fresh = (confirmed.body as { jwt?: string }).jwt;
        expect(fresh).toEqual(expect.any(String));
        expect((await me(ctx, fresh ?? '')).status).toBe(200);
        expect((await me(ctx, user.token)).status).toBe(401);
        expect((await me(ctx, other.jwt)).status).toBe(401);
        const undo = await linkSentTo(user.email, '/undo-change');
        expect(mailsTo(user.email).at(-1)?.text).toContain(`now uses ${next}`);
        const undone = await post(ctx, '/api/user/undo', { token: undo });
        expect(undone.status).toBe(200);
        expect((await me(ctx, fresh ?? '')).status).toBe(401);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
        expect((await signIn(ctx, next, user.password)).status).toBe(401);
      });

      it('ends every reset link when the password changes', async () => {
        const user = await signUpUser(ctx);
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        const reset = await linkSentTo(user.email, '/reset-password');
        const next = `pending-${Date.now()}@example.com`;
        await post(ctx, '/api/user/email', { email: next, currentPassword: user.password }, user.token);
        const pendingEmail = await linkSentTo(next, '/confirm-email');
        expect((await update(user.token, { password: 'changed in settings' })).status).toBe(200);
        const refused = await post(ctx, '/api/user/password/reset', {
          token: reset,
          password: 'from the old link',
        });
        expect(refused.status).toBe(400);
        expect((await post(ctx, '/api/user/email/confirm', { token: pendingEmail })).status).toBe(400);
        expect((await signIn(ctx, user.email, 'changed in settings')).status).toBe(200);
      });

      it('ends every reset link when the email changes', async () => {
        const user = await signUpUser(ctx);
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        const reset = await linkSentTo(user.email, '/reset-password');
        const next = `moved-on-${Date.now()}@example.com`;
        await post(ctx, '/api/user/email', { email: next, currentPassword: user.password }, user.token);
        const confirmed = await post(ctx, '/api/user/email/confirm', {
          token: await linkSentTo(next, '/confirm-email'),
        });
        expect(confirmed.status).toBe(200);
        const refused = await post(ctx, '/api/user/password/reset', {
          token: reset,
          password: 'from the old link',
        });
        expect(refused.status).toBe(400);
        expect((await signIn(ctx, next, user.password)).status).toBe(200);
      });

      it('ends every other link when a reset link is used, and mails a notice', async () => {
        const user = await signUpUser(ctx);
        const next = `pending-${Date.now()}@example.com`;
        await post(ctx, '/api/user/email', { email: next, currentPassword: user.password }, user.token);
        const pendingEmail = await linkSentTo(next, '/confirm-email');
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        const reset = await linkSentTo(user.email, '/reset-password');
        expect(
          (await post(ctx, '/api/user/password/reset', { token: reset, password: 'reset password' })).status,
        ).toBe(200);
        await linkSentTo(user.email, '/undo-change');
        expect((await post(ctx, '/api/user/email/confirm', { token: pendingEmail })).status).toBe(400);
      });
    });

    it('signs out everywhere: every token of the account stops working', async () => {
      const user = await signUpUser(ctx);
      const second = (await signIn(ctx, user.email, user.password)).body as { jwt: string };
      expect((await post(ctx, '/api/user/signout-everywhere', {}, user.token)).status).toBe(200);
      expect((await me(ctx, user.token)).status).toBe(401);
      expect((await me(ctx, second.jwt)).status).toBe(401);
      expect((await signIn(ctx, user.email, user.password)).status).toBe(200);
    });

    describe('deleting the account', () => {
      /** A user with a tagged post, a comment, a favorite, a follow and a followed topic, and a reader who comments. */
      async function busyUser() {
        const user = await signUpUser(ctx);
        const reader = await signUpUser(ctx);
        const own = await createPost(ctx, user, { title: 'Mine', content: 'My words', tags: ['leaving'] });
        const theirs = await createPost(ctx, reader, { title: 'Theirs', content: 'Their words' });
        const calls = [
          post(ctx, '/api/post/comments', { postId: theirs.id, body: 'My comment' }, user.token),
          post(ctx, '/api/post/comments', { postId: own.id, body: 'A reply to you' }, reader.token),
          request(ctx, { method: 'POST', url: `/api/post/favorite?id=${theirs.id}`, token: user.token }),
          request(ctx, { method: 'POST', url: `/api/post/favorite?id=${own.id}`, token: reader.token }),
          request(ctx, { method: 'POST', url: `/api/user/follow?userId=${reader.id}`, token: user.token }),
          request(ctx, { method: 'POST', url: `/api/user/follow?userId=${user.id}`, token: reader.token }),
          request(ctx, { method: 'POST', url: '/api/tags/follow?name=leaving', token: user.token }),
        ];
        for (const call of calls) expect((await call).status).toBeLessThan(300);
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        await linkSentTo(user.email, '/reset-password');
        return { user, reader, own, theirs };
      }

      /** Rows anywhere that still name the user. */
      async function rowsNaming(userId: string) {
        const db = ctx.database.db;
        const counts = await Promise.all([
          db.selectFrom('posts').select('id').where('author_id', '=', userId).execute(),
          db.selectFrom('comments').select('id').where('author_id', '=', userId).execute(),
          db.selectFrom('favorites').select('post_id').where('user_id', '=', userId).execute(),
          db
            .selectFrom('follows')
            .select('follower_id')
            .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followee_id', '=', userId)]))
            .execute(),
          db.selectFrom('tag_follows').select('tag').where('user_id', '=', userId).execute(),
          db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', userId).execute(),
        ]);
        const [posts, comments, favorites, follows, tagFollows, links] = counts.map((rows) => rows.length);
        return { posts, comments, favorites, follows, tagFollows, links };
      }

      /** Rows whose parent is gone, anywhere: what "no orphan" means. */
      async function orphans() {
        const db = ctx.database.db;
        const missingUser = (table: 'posts' | 'comments', column: 'author_id') =>
          db
            .selectFrom(table)
            .select(column)
            .where((eb) =>
              eb.not(
                eb.exists(
                  eb.selectFrom('users').select('id').whereRef('users.id', '=', `${table}.${column}`),
                ),
              ),
            )
            .execute();
        const [posts, comments, commentsWithoutPost, favoritesWithoutPost, tagsRows] = await Promise.all([
          missingUser('posts', 'author_id'),
          missingUser('comments', 'author_id'),
          db
            .selectFrom('comments')
            .select('id')
            .where((eb) =>
              eb.not(
                eb.exists(eb.selectFrom('posts').select('id').whereRef('posts.id', '=', 'comments.post_id')),
              ),
            )
            .execute(),
          db
            .selectFrom('favorites')
            .select('post_id')
            .where((eb) =>
              eb.not(
                eb.exists(eb.selectFrom('posts').select('id').whereRef('posts.id', '=', 'favorites.post_id')),
              ),
            )
            .execute(),
          db
            .selectFrom('post_tags')
            .select('post_id')
            .where((eb) =>
              eb.not(
                eb.exists(eb.selectFrom('posts').select('id').whereRef('posts.id', '=', 'post_tags.post_id')),
              ),
            )
            .execute(),
        ]);
        return [posts, comments, commentsWithoutPost, favoritesWithoutPost, tagsRows].map(
          (rows) => rows.length,
        );
      }

      const tagCount = async (name: string) =>
        (
          await ctx.database.db
            .selectFrom('tags')
            .select('post_count')
            .where('name', '=', name)
            .executeTakeFirst()
        )?.post_count;

      it.each(['delete', 'keep'] as const)(
        'with "%s", removes its unsent account emails, to its address and to the one it was changing to',
        async (content) => {
          const user = await signUpUser(ctx);
          const next = `next-${Date.now()}-${content}@example.com`;
          const changing = await post(
            ctx,
            '/api/user/email',
            { email: next, currentPassword: user.password },
            user.token,
          );
          expect(changing.status).toBe(202);
          await linkSentTo(next, '/confirm-email');
          const stranger = `stranger-${Date.now()}-${content}@example.com`;
          const db = ctx.database.db;
          // Mail the server could not deliver: given up on, or waiting for a later attempt.
          const undelivered = (to: string, state: 'pending' | 'failed') => ({
            id: crypto.randomUUID(),
            to_address: to,
            subject: 'Reset your Inkwell password',
            body: state === 'pending' ? 'https://inkwell.test/reset-password?token=secret' : '',
            state,
            attempts: 3,
            next_attempt_at: '2999-01-01T00:00:00.000Z',
            created_at: new Date().toISOString(),
          });
          await db
            .insertInto('mail_outbox')
            .values([
              undelivered(user.email.toUpperCase(), 'pending'),
              undelivered(user.email, 'failed'),
              undelivered(next, 'pending'),
              undelivered(stranger, 'pending'),
            ])
            .execute();
          const outboxTo = async (address: string) =>
            (await db.selectFrom('mail_outbox').select('to_address').execute()).filter(
              (row) => row.to_address.toLowerCase() === address.toLowerCase(),
            ).length;
          expect(await outboxTo(user.email)).toBe(2);

          const deleted = await post(
            ctx,
            '/api/user/delete',
            { password: user.password, content },
            user.token,
          );
          expect(deleted.status).toBe(200);
          expect(await outboxTo(user.email)).toBe(0);
          expect(await outboxTo(next)).toBe(0);
          // Someone else's mail stays.
          expect(await outboxTo(stranger)).toBe(1);
          await db.deleteFrom('mail_outbox').where('to_address', '=', stranger).execute();
        },
      );

      it('refuses without the right password and changes nothing', async () => {
        const { user } = await busyUser();
        const wrong = await post(
          ctx,
          '/api/user/delete',
          { password: 'not mine', content: 'delete' },
          user.token,
        );
        expect(wrong.status).toBe(400);
        const unclear = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'maybe' },
          user.token,
        );
        expect(unclear.status).toBe(400);
        expect((await me(ctx, user.token)).status).toBe(200);
        expect((await rowsNaming(user.id)).posts).toBe(1);
      });

      it('with "delete", removes the account, its posts and comments, and leaves no orphan row', async () => {
        const { user, own } = await busyUser();
        const before = await tagCount('leaving');
        const deleted = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'delete' },
          user.token,
        );
        expect(deleted.status).toBe(200);
        expect(await rowsNaming(user.id)).toEqual({
          posts: 0,
          comments: 0,
          favorites: 0,
          follows: 0,
          tagFollows: 0,
          links: 0,
        });
        expect(
          await ctx.database.db.selectFrom('users').select('id').where('id', '=', user.id).execute(),
        ).toEqual([]);
        expect(await orphans()).toEqual([0, 0, 0, 0, 0]);
        expect(await tagCount('leaving')).toBe((before ?? 0) - 1);
        expect((await request(ctx, { method: 'GET', url: `/api/post/blog?id=${own.id}` })).status).toBe(404);
        expect((await signIn(ctx, user.email, user.password)).status).toBe(401);
        expect((await me(ctx, user.token)).status).toBe(401);
      });

      it('with "keep", leaves the posts and comments signed by an anonymous former member', async () => {
        const { user, own, theirs } = await busyUser();
        const kept = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'keep' },
          user.token,
        );
        expect(kept.status).toBe(200);
        expect(await rowsNaming(user.id)).toEqual({
          posts: 1,
          comments: 1,
          favorites: 0,
          follows: 0,
          tagFollows: 0,
          links: 0,
        });
        expect(await orphans()).toEqual([0, 0, 0, 0, 0]);
        const read = await request<{ response: { author: { username: string } } }>(ctx, {
          method: 'GET',
          url: `/api/post/blog?id=${own.id}`,
        });
        expect(read.body.response.author.username).toBe('former member');
        const comments = await request<{ response: { body: string; author: { username: string } }[] }>(ctx, {
          method: 'GET',
          url: `/api/post/comments?postId=${theirs.id}`,
        });
        expect(comments.body.response.find((comment) => comment.body === 'My comment')?.author.username).toBe(
          'former member',
        );
        const row = await ctx.database.db
          .selectFrom('users')
          .selectAll()
          .where('id', '=', user.id)
          .executeTakeFirst();
        expect(row?.email).not.toContain(user.email.split('@')[0]);
        expect(row?.password_hash).toBeNull();
        expect((await signIn(ctx, user.email, user.password)).status).toBe(401);
        expect((await me(ctx, user.token)).status).toBe(401);
        // The address is free again and belongs to no one.
        const before = mailsTo(user.email).length;
        await post(ctx, '/api/user/password/forgot', { email: user.email });
        await settle();
        expect(mailsTo(user.email)).toHaveLength(before);
      });

      /** A write key and a webhook with a delivery waiting in its queue, made before the deletion. */
      async function keyAndHook(user: TestUser) {
        const key = await request<{ response: { token: string } }>(ctx, {
          method: 'POST',
          url: '/api/user/keys',
          token: user.token,
          payload: { name: 'script', scope: 'write' },
        });
        expect(key.status, JSON.stringify(key.body)).toBe(201);
        const hook = await request<{ response: { id: string } }>(ctx, {
          method: 'POST',
          url: '/api/webhooks',
          token: user.token,
          payload: { url: 'http://receiver.test:9/hook', events: ['post.published'] },
        });
        expect(hook.status, JSON.stringify(hook.body)).toBe(201);
        const now = new Date().toISOString();
        await ctx.database.db
          .insertInto('webhook_deliveries')
          .values({
            id: crypto.randomUUID(),
            webhook_id: hook.body.response.id,
            event: 'post.published',
            payload: '{}',
            subject_id: null,
            state: 'pending',
            attempts: 0,
            // Not due for an hour: the worker leaves it in the queue.
            next_attempt_at: new Date(Date.now() + 3_600_000).toISOString(),
            locked_until: null,
            last_status: null,
            last_error: null,
            created_at: now,
            updated_at: now,
            delivered_at: null,
          })
          .execute();
        return { key: key.body.response.token, hookId: hook.body.response.id };
      }

      const hooksOf = async (userId: string, hookId: string) => {
        const db = ctx.database.db;
        const [hooks, deliveries] = await Promise.all([
          db.selectFrom('webhooks').select('id').where('user_id', '=', userId).execute(),
          db.selectFrom('webhook_deliveries').select('id').where('webhook_id', '=', hookId).execute(),
        ]);
        return { hooks: hooks.length, deliveries: deliveries.length };
      };

      it('with "keep", also removes its API keys, its webhooks and their queued deliveries', async () => {
        const { user, reader } = await busyUser();
        const { key, hookId } = await keyAndHook(user);
        const listHooks = () => request(ctx, { method: 'GET', url: '/api/webhooks', token: key });
        expect((await listHooks()).status).toBe(200);
        expect(await hooksOf(user.id, hookId)).toEqual({ hooks: 1, deliveries: 1 });
        const blocked = await request(ctx, {
          method: 'POST',
          url: `/api/user/block?userId=${reader.id}`,
          token: user.token,
        });
        expect(blocked.status).toBe(200);

        const kept = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'keep' },
          user.token,
        );
        expect(kept.status).toBe(200);
        const refused = await listHooks();
        expect(refused.status).toBe(401);
        expect(refused.body).toEqual({ message: API_KEY_INVALID_MESSAGE });
        expect(
          (await request(ctx, { method: 'POST', url: '/api/post/blog', token: key, payload: {} })).status,
        ).toBe(401);
        expect(await hooksOf(user.id, hookId)).toEqual({ hooks: 0, deliveries: 0 });
        const db = ctx.database.db;
        expect(await db.selectFrom('api_keys').select('id').where('user_id', '=', user.id).execute()).toEqual(
          [],
        );
        // Their inbox and the things they set for themselves go too.
        expect(
          await db.selectFrom('notifications').select('id').where('recipient_id', '=', user.id).execute(),
        ).toEqual([]);
        expect(
          await db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', user.id).execute(),
        ).toEqual([]);
      });

      it('refuses the API key of an account that can no longer sign in', async () => {
        const user = await signUpUser(ctx);
        const { key } = await keyAndHook(user);
        expect((await request(ctx, { method: 'GET', url: '/api/webhooks', token: key })).status).toBe(200);
        // As a former member, or the demo author, is: no password at all.
        await ctx.database.db
          .updateTable('users')
          .set({ password_hash: null })
          .where('id', '=', user.id)
          .execute();
        expect((await request(ctx, { method: 'GET', url: '/api/webhooks', token: key })).status).toBe(401);
      });

      const fetchPicture = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

      async function uploadPicture(user: TestUser, width: number) {
        const uploaded = await upload(ctx, user.token, await photo(width, width / 2));
        expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
        const { id, url } = uploaded.body.response;
        expect(pictureFiles(id).length).toBeGreaterThan(0);
        expect(await fetchPicture(url)).toBe(200);
        return { id, url };
      }

      it('with "delete", removes every stored width of its pictures', async () => {
        const { user } = await busyUser();
        const cover = await uploadPicture(user, 1200);
        const unused = await uploadPicture(user, 600);
        expect(pictureFiles(cover.id)).toEqual(['1200.webp', '480.webp', '960.webp']);
        const written = await request(ctx, {
          method: 'POST',
          url: '/api/post/blog',
          token: user.token,
          payload: { title: 'Pictured', content: `![a view](${cover.url})`, coverId: cover.id },
        });
        expect(written.status, JSON.stringify(written.body)).toBe(201);
        const deleted = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'delete' },
          user.token,
        );
        expect(deleted.status).toBe(200);
        for (const picture of [cover, unused]) {
          expect(pictureFiles(picture.id)).toEqual([]);
          expect(await fetchPicture(picture.url)).toBe(404);
        }
        expect(
          await ctx.database.db.selectFrom('media').select('id').where('owner_id', '=', user.id).execute(),
        ).toEqual([]);
      });

      it('with "keep", keeps every picture, since the kept writing (or anyone\'s) may show it', async () => {
        const { user } = await busyUser();
        const cover = await uploadPicture(user, 800);
        const inline = await uploadPicture(user, 700);
        const unused = await uploadPicture(user, 600);
        const written = await request(ctx, {
          method: 'POST',
          url: '/api/post/blog',
          token: user.token,
          payload: { title: 'Pictured', content: `Before ![a view](${inline.url}) after`, coverId: cover.id },
        });
        expect(written.status, JSON.stringify(written.body)).toBe(201);
        const kept = await post(
          ctx,
          '/api/user/delete',
          { password: user.password, content: 'keep' },
          user.token,
        );
        expect(kept.status).toBe(200);
        for (const picture of [cover, inline, unused]) {
          expect(pictureFiles(picture.id).length).toBeGreaterThan(0);
          expect(await fetchPicture(picture.url)).toBe(200);
        }
      });
    });
  },
  {
    config: {
      dataDir,
      // Hooks may point at a receiver on this machine; none listens, and no delivery is due anyway.
      webhooks: {
        ...loadWebhooksConfig({}),
        allowPrivateNetworks: true,
        resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      },
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      mailFrom: 'Inkwell <no-reply@inkwell.test>',
      // Every request here comes from one address; the limit itself is tested below.
      rateLimits: { ...testConfig().rateLimits, accountEmails: { max: 1_000, windowMs: 60_000 } },
    },
  },
);

describeEachDatabase(
  'account emails are limited per address',
  (ctx) => {
    it('answers the fourth reset request for one address with 429, registered or not', async () => {
      const user = await signUpUser(ctx);
      for (const email of [user.email, `unknown-${Date.now()}@example.com`]) {
        const statuses: number[] = [];
        // From a new client address each time, so only the per-address count can refuse.
        for (let attempt = 0; attempt < 4; attempt += 1) {
          const answer = await request(ctx, {
            method: 'POST',
            url: '/api/user/password/forgot',
            payload: { email },
            remoteAddress: `10.1.${attempt}.${email.length}`,
          });
          statuses.push(answer.status);
        }
        expect(statuses).toEqual([202, 202, 202, 429]);
      }
    });
  },
  {
    config: {
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      rateLimits: { ...testConfig().rateLimits, accountEmails: { max: 3, windowMs: 60_000 } },
    },
  },
);

/** Runs `test` against an app on a fresh SQLite database whose warnings and errors it can read. */
async function withLoggedApp(
  config: AppConfig,
  test: (ctx: ApiContext, logged: () => string) => Promise<void>,
): Promise<void> {
  let logged = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logged += chunk.toString();
      callback();
    },
  });
  const { database, dispose } = await createTestDatabase('sqlite');
  const app = await buildApp({ config, database, logger: { level: 'warn', stream } });
  try {
    await test({ app, database, dialect: 'sqlite' }, () => logged);
  } finally {
    await app.close();
    await dispose();
  }
}

describe('without SMTP_URL', () => {
  it('writes the reset link to the server log', async () => {
    await withLoggedApp(testConfig(), async (ctx, logged) => {
      const user = await signUpUser(ctx);
      expect((await post(ctx, '/api/user/password/forgot', { email: user.email })).status).toBe(202);
      for (let attempt = 0; attempt < 100 && !logged().includes('/reset-password?token='); attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(logged()).toMatch(/http:\/\/inkwell\.test\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    });
  });
});

/** A local S3-compatible server, as in media.test.ts. */
const s3 = await startLocalS3(join(dataDir, 's3'));

describeEachDatabase(
  'deleting an account with pictures in S3-compatible storage',
  (ctx) => {
    it('with "delete", removes every stored width of its pictures from the bucket', async () => {
      const user = await signUpUser(ctx);
      const uploaded = await upload(ctx, user.token, await photo(1000, 500));
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      const { id, url } = uploaded.body.response;
      const ofPicture = (keys: string[]) => keys.filter((key) => key.startsWith(`media/${id}/`));
      expect(ofPicture(await s3.keys())).toEqual([
        `media/${id}/1000.webp`,
        `media/${id}/480.webp`,
        `media/${id}/960.webp`,
      ]);
      const deleted = await post(
        ctx,
        '/api/user/delete',
        { password: user.password, content: 'delete' },
        user.token,
      );
      expect(deleted.status).toBe(200);
      expect(ofPicture(await s3.keys())).toEqual([]);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    });
  },
  { config: { dataDir, media: s3.mediaConfig() } },
);

describe('when the pictures cannot be removed from storage', () => {
  it('still deletes the account, and logs the files left behind', async () => {
    // Nothing listens there: every request to the bucket fails.
    const media = s3.mediaConfig(`http://127.0.0.1:${await freePort()}`);
    await withLoggedApp(testConfig({ media }), async (ctx, logged) => {
      const { database } = ctx;
      const user = await signUpUser(ctx);
      const id = crypto.randomUUID();
      await database.db
        .insertInto('media')
        .values({
          id,
          owner_id: user.id,
          width: 480,
          height: 240,
          widths: '480',
          bytes: 1000,
          created_at: new Date().toISOString(),
        })
        .execute();
      const deleted = await post(
        ctx,
        '/api/user/delete',
        { password: user.password, content: 'delete' },
        user.token,
      );
      expect(deleted.status).toBe(200);
      expect(await database.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toEqual(
        [],
      );
      expect(logged()).toContain("a deleted account's picture files could not be removed from storage");
      expect(logged()).toContain(`media/${id}/480.webp`);
    });
  });
});
