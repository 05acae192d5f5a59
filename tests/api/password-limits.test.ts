import { describe, expect, it } from 'vitest';
import { PASSWORDS_BUSY_MESSAGE } from '../../server/lib/passwords';
import { describeEachDatabase, request, signUpUser, type ApiContext } from './support/harness';

const signIn = (ctx: ApiContext, payload: { email: string; password: string }, remoteAddress = '127.0.0.1') =>
  request(ctx, { method: 'POST', url: '/api/user/signin', payload, remoteAddress });

const changePassword = (ctx: ApiContext, token: string, password: string, currentPassword: string) =>
  request<{ jwt: string }>(ctx, {
    method: 'PUT',
    url: '/api/user/userupdate',
    token,
    payload: { password, currentPassword },
  });

describeEachDatabase(
  'sign-in attempts are counted before the password is checked',
  (ctx) => {
    it('answers 20 simultaneous wrong passwords for one email, from 20 addresses, with 5 × 401 and 15 × 429', async () => {
      const user = await signUpUser(ctx);
      const responses = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          signIn(ctx, { email: user.email, password: `wrong password ${index}` }, `10.0.0.${index + 1}`),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
      for (const response of responses.filter((r) => r.status === 429)) {
        expect(response.body).toEqual({ message: 'Too many sign-in attempts. Please try again later.' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      // The owner, with the right password, is held back too until the window ends.
      expect((await signIn(ctx, { email: user.email, password: user.password })).status).toBe(429);
    });

    it('clears the count on a successful sign-in', async () => {
      const user = await signUpUser(ctx);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await signIn(ctx, { email: user.email, password: 'wrong password' })).status).toBe(401);
      }
      expect((await signIn(ctx, { email: user.email, password: user.password })).status).toBe(200);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        expect((await signIn(ctx, { email: user.email, password: 'wrong password' })).status).toBe(401);
      }
    });
  },
  {
    config: {
      rateLimits: {
        signInFailuresPerEmail: { max: 5, windowMs: 60_000 },
        signInAttemptsPerIp: { max: 100, windowMs: 60_000 },
        signUpsPerIp: { max: 100, windowMs: 60_000 },
        passwordChangesPerUser: { max: 100, windowMs: 60_000 },
      },
    },
  },
);

describeEachDatabase(
  'password changes are limited per account',
  (ctx) => {
    it('allows 3 password changes, then answers 429 with Retry-After; a name change is still fine', async () => {
      const user = await signUpUser(ctx);
      let token = user.token;
      let current = user.password;
      for (let change = 1; change <= 3; change += 1) {
        const response = await changePassword(ctx, token, `new password ${change}`, current);
        expect(response.status).toBe(200);
        token = response.body.jwt;
        current = `new password ${change}`;
      }
      const blocked = await changePassword(ctx, token, 'one too many', current);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: 'Too many password changes. Please try again later.' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Refused before anything changed: the third password still signs in.
      expect((await signIn(ctx, { email: user.email, password: 'new password 3' })).status).toBe(200);
      const rename = await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        token,
        payload: { username: 'Renamed' },
      });
      expect(rename.status).toBe(200);
    });

    it('counts each account on its own', async () => {
      const other = await signUpUser(ctx);
      expect((await changePassword(ctx, other.token, 'another password', other.password)).status).toBe(200);
    });
  },
  {
    config: {
      rateLimits: {
        signInFailuresPerEmail: { max: 100, windowMs: 60_000 },
        signInAttemptsPerIp: { max: 100, windowMs: 60_000 },
        signUpsPerIp: { max: 100, windowMs: 60_000 },
        passwordChangesPerUser: { max: 3, windowMs: 60_000 },
      },
    },
  },
);

describe('every argon2 hash and verification waits in one bounded queue', () => {
  describeEachDatabase(
    'with one hash at a time and two waiting places',
    (ctx) => {
      it('answers a flood of sign-ups beyond the queue with 503 and Retry-After, never a 500', async () => {
        const responses = await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            request(ctx, {
              method: 'POST',
              url: '/api/user/signup',
              payload: {
                username: `Flood${index}`,
                email: `flood-${index}@example.com`,
                password: 'secret12',
              },
            }),
          ),
        );
        const statuses = responses.map((response) => response.status);
        // One runs and two wait; the rest are turned away at once (those arriving after a place
        // freed up may still get one, so only the shape is certain).
        expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
        expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(3);
        expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
        for (const response of responses.filter((r) => r.status === 503)) {
          expect(response.body).toEqual({ message: PASSWORDS_BUSY_MESSAGE });
          expect(response.headers['retry-after']).toBe('1');
        }
      });
    },
    { config: { passwordHashing: { concurrency: 1, maxWaiting: 2 } } },
  );

  describeEachDatabase(
    'with one hash at a time and four waiting places',
    (ctx) => {
      it('serves a sign-in ahead of waiting password changes, and never turns it away for them', async () => {
        const writers = [];
        for (let index = 0; index < 8; index += 1) writers.push(await signUpUser(ctx));
        const reader = await signUpUser(ctx);

        const finished: string[] = [];
        const changes = writers.map((writer, index) =>
          changePassword(ctx, writer.token, `changed password ${index}`, writer.password).then((response) => {
            finished.push(`change ${response.status}`);
            return response;
          }),
        );
        // Once the first change is answered, the others are either waiting or already refused.
        await Promise.race(changes);
        const signedIn = await signIn(ctx, { email: reader.email, password: reader.password }).then(
          (response) => {
            finished.push('sign-in');
            return response;
          },
        );
        const statuses = (await Promise.all(changes)).map((response) => response.status);

        expect(signedIn.status).toBe(200);
        // One ran and four waited; the others were refused at once.
        expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
        expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(1);
        // The sign-in went ahead of the changes still waiting when it arrived.
        const signInAt = finished.indexOf('sign-in');
        expect(
          finished.slice(signInAt + 1).filter((entry) => entry === 'change 200').length,
        ).toBeGreaterThanOrEqual(2);
      });
    },
    { config: { passwordHashing: { concurrency: 1, maxWaiting: 4 } } },
  );
});
