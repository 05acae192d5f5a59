import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGE } from '../../contracts/auth';
import { TEST_JWT_SECRET, describeEachDatabase, request, signUpUser } from './support/harness';

const signUp = (ctx: Parameters<typeof request>[0], payload: unknown) =>
  request(ctx, { method: 'POST', url: '/api/user/signup', payload: payload as Record<string, unknown> });
const signIn = (ctx: Parameters<typeof request>[0], payload: unknown) =>
  request(ctx, { method: 'POST', url: '/api/user/signin', payload: payload as Record<string, unknown> });

describeEachDatabase('accounts API', (ctx) => {
  describe('POST /api/user/signup', () => {
    it('creates an account and answers 201 {jwt, userId, username}', async () => {
      const response = await signUp(ctx, { username: 'Ada', email: 'ada@example.com', password: 'secret1' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        jwt: expect.any(String),
        userId: expect.any(String),
        username: 'Ada',
        // Proposed from the name when none is chosen (handles.test.ts).
        handle: expect.stringMatching(/^ada\d*$/),
      });
      expect(String(response.body.jwt).length).toBeGreaterThanOrEqual(10);
      expect(JSON.stringify(response.body)).not.toMatch(/argon2|secret1/);
    });

    it('refuses an email already registered, compared without regard to case (409)', async () => {
      await signUp(ctx, { username: 'Bea', email: 'bea@example.com', password: 'secret1' });
      const again = await signUp(ctx, { username: 'Bea2', email: '  BEA@Example.COM ', password: 'secret2' });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'An account with this email already exists' });
    });

    it.each([
      [{ email: 'x@example.com', password: 'secret1' }, 'username', 'Name is required'],
      [
        { username: 'x', email: 'x@example.com', password: 'secret1' },
        'username',
        'Name must be at least 2 characters',
      ],
      [{ username: 'xy', email: 'nope', password: 'secret1' }, 'email', EMAIL_MESSAGE],
      [{ username: 'xy', password: 'secret1' }, 'email', 'Email is required'],
      [
        { username: 'xy', email: 'x@example.com', password: '12345' },
        'password',
        'Password must be at least 6 characters',
      ],
      [{ username: 'xy', email: 'x@example.com' }, 'password', 'Password is required'],
      [{ username: 42, email: 'x@example.com', password: 'secret1' }, 'username', 'Name must be text'],
      [
        { username: 'x'.repeat(41), email: 'x@example.com', password: 'secret1' },
        'username',
        'Name must be at most 40 characters',
      ],
      [
        { username: 'xy', email: `${'a'.repeat(250)}@example.com`, password: 'secret1' },
        'email',
        'Email must be at most 254 characters',
      ],
      [
        { username: 'xy', email: 'x@example.com', password: 'p'.repeat(129) },
        'password',
        'Password must be at most 128 characters',
      ],
    ])('answers 400 with the field message for %j', async (payload, field, message) => {
      const response = await signUp(ctx, payload);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ message, errors: { [field]: [message] } });
    });

    it('answers 400 for malformed JSON and for a body that is not an object', async () => {
      const malformed = await request(ctx, {
        method: 'POST',
        url: '/api/user/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"username": "ab",',
      });
      expect(malformed.status).toBe(400);
      expect(malformed.body).toEqual({ message: 'Malformed JSON in request body' });
      const array = await signUp(ctx, [1, 2]);
      expect(array.status).toBe(400);
      expect(array.body).toMatchObject({ message: 'Invalid request body' });
    });

    it('answers 413 for a body over 1 MiB, and 415 for a body that is not JSON', async () => {
      const huge = await signUp(ctx, {
        username: 'xy',
        email: 'x@example.com',
        password: 'p'.repeat(1_100_000),
      });
      expect(huge.status).toBe(413);
      expect(huge.body).toMatchObject({ message: expect.stringContaining('too large') });
      const text = await request(ctx, {
        method: 'POST',
        url: '/api/user/signup',
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(text.status).toBe(415);
      expect(text.body).toMatchObject({ message: expect.any(String) });
    });
  });

  describe('POST /api/user/signin', () => {
    it('answers 200 {jwt, username, id} for the right password, whatever the email case', async () => {
      const user = await signUpUser(ctx, { username: 'Cleo' });
      const response = await signIn(ctx, { email: user.email.toUpperCase(), password: user.password });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ jwt: expect.any(String), username: 'Cleo', id: user.id });
    });

    it('answers a wrong password and an unknown email with the same 401', async () => {
      const user = await signUpUser(ctx);
      const wrong = await signIn(ctx, { email: user.email, password: 'not the password' });
      const unknown = await signIn(ctx, { email: 'nobody@example.com', password: 'whatever1' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual({ message: 'Invalid email or password' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('validates input with the sign-up rules (400)', async () => {
      const response = await signIn(ctx, { email: 'bad', password: '123' });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        errors: { email: [EMAIL_MESSAGE], password: ['Password must be at least 6 characters'] },
      });
    });
  });

  describe('PUT /api/user/userupdate', () => {
    const update = (payload: unknown, token?: string) =>
      request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        payload: payload as Record<string, unknown>,
        ...(token ? { token } : {}),
      });

    it('answers 401 without a token, with a forged token and with an expired one', async () => {
      const user = await signUpUser(ctx);
      expect((await update({ username: 'New' })).status).toBe(401);
      expect((await update({ username: 'New' }, `${user.token.slice(0, -4)}AAAA`)).status).toBe(401);
      const expired = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const response = await update({ username: 'New' }, expired);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    });

    it('refuses a token without an expiry, even one signed with the right secret', async () => {
      const user = await signUpUser(ctx);
      const forever = await new SignJWT({ ver: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(user.id)
        .setIssuedAt()
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
      const response = await update({ username: 'Forever' }, forever);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
      const me = await request(ctx, { method: 'GET', url: '/api/user/me', token: forever });
      expect(me.status).toBe(401);
    });

    it('accepts only HS256: an unsigned (alg none) token is refused', async () => {
      const user = await signUpUser(ctx);
      const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: user.id, ver: 0 })}.`;
      expect((await update({ username: 'Mallory' }, unsigned)).status).toBe(401);
    });

    it('changes the username and answers {jwt, username}', async () => {
      const user = await signUpUser(ctx);
      const response = await update({ username: 'Renamed' }, user.token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ jwt: expect.any(String), username: 'Renamed' });
      const profile = await request<{ response: { username: string } }>(ctx, {
        method: 'GET',
        url: `/api/user/profile?userId=${user.id}`,
      });
      expect(profile.body.response.username).toBe('Renamed');
      // A name change alone keeps existing sessions.
      expect((await update({ username: 'Again' }, user.token)).status).toBe(200);
    });

    it('changes the password, revokes older tokens and lets the new password sign in', async () => {
      const user = await signUpUser(ctx);
      const response = await update(
        { password: 'brand new password', currentPassword: user.password },
        user.token,
      );
      expect(response.status).toBe(200);
      const fresh = (response.body as { jwt: string }).jwt;
      expect((await update({ username: 'Old token' }, user.token)).status).toBe(401);
      expect((await update({ username: 'Fresh token' }, fresh)).status).toBe(200);
      expect((await signIn(ctx, { email: user.email, password: user.password })).status).toBe(401);
      expect((await signIn(ctx, { email: user.email, password: 'brand new password' })).status).toBe(200);
    });

    it('refuses a wrong current password and changes nothing', async () => {
      // Without one, a sign-in younger than 10 minutes may change it (accounts-recovery.test.ts).
      const user = await signUpUser(ctx);
      const wrong = await update(
        { password: 'brand new password', currentPassword: 'not my password' },
        user.token,
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({
        errors: { currentPassword: ['Your current password is not correct'] },
      });
      // Nothing changed: the old password still signs in and the token still works.
      expect((await signIn(ctx, { email: user.email, password: user.password })).status).toBe(200);
      expect((await update({ username: 'Still me' }, user.token)).status).toBe(200);
    });

    it('treats empty fields as unchanged and refuses an update with nothing in it', async () => {
      const user = await signUpUser(ctx);
      const nothing = await update({ username: '', password: '' }, user.token);
      expect(nothing.status).toBe(400);
      expect(nothing.body).toMatchObject({ message: 'Enter a new username or a new password' });
      const short = await update({ password: '123' }, user.token);
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ errors: { password: ['Password must be at least 6 characters'] } });
    });
  });

  describe('GET /api/user/me', () => {
    it('answers the token holder, and 401 once a password change revoked the token', async () => {
      const user = await signUpUser(ctx, { username: 'Mia' });
      const me = await request(ctx, { method: 'GET', url: '/api/user/me', token: user.token });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({
        response: {
          id: user.id,
          username: 'Mia',
          handle: expect.stringMatching(/^mia\d*$/),
          email: user.email,
          bio: null,
          image: null,
          picture: null,
          links: { website: null, elsewhere: [] },
          // Whether Mia is the operator depends on the accounts before her.
          isOperator: expect.any(Boolean),
        },
      });
      expect((await request(ctx, { method: 'GET', url: '/api/user/me' })).status).toBe(401);
      await request(ctx, {
        method: 'PUT',
        url: '/api/user/userupdate',
        payload: { password: 'another password', currentPassword: user.password },
        token: user.token,
      });
      const revoked = await request(ctx, { method: 'GET', url: '/api/user/me', token: user.token });
      expect(revoked.status).toBe(401);
      expect(revoked.body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    });
  });

  describe('GET /api/user/profile', () => {
    it('answers {response: {id, username, createdAt, postCount, …}} without the email', async () => {
      const user = await signUpUser(ctx, { username: 'Dora' });
      const response = await request(ctx, { method: 'GET', url: `/api/user/profile?userId=${user.id}` });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        response: {
          id: user.id,
          username: 'Dora',
          handle: expect.stringMatching(/^dora\d*$/),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          postCount: 0,
          followerCount: 0,
          followingCount: 0,
          bio: null,
          image: null,
          picture: null,
          links: { website: null, elsewhere: [] },
          pinnedPost: null,
        },
      });
      expect(JSON.stringify(response.body)).not.toContain(user.email);
    });

    it('answers 404 for an unknown user and 400 without a userId', async () => {
      const unknown = await request(ctx, { method: 'GET', url: '/api/user/profile?userId=no-such-user' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: 'User not found' });
      const missing = await request(ctx, { method: 'GET', url: '/api/user/profile' });
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject({ message: 'userId is required' });
    });
  });

  describe('the rest of the API surface', () => {
    it('answers an unknown /api path with a JSON 404', async () => {
      const response = await request(ctx, { method: 'GET', url: '/api/nothing/here' });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not found: GET /api/nothing/here' });
    });

    it('sends security headers with a strict Content-Security-Policy', async () => {
      const response = await request(ctx, { method: 'GET', url: '/api/nothing' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    });
  });
});

describeEachDatabase(
  'sign-in and sign-up rate limits',
  (ctx) => {
    it('allows 3 failed sign-ins for one email, then answers 429 even for the right password', async () => {
      const user = await signUpUser(ctx);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await signIn(ctx, { email: user.email, password: 'wrong password' })).status).toBe(401);
      }
      const blocked = await signIn(ctx, { email: user.email, password: user.password });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: 'Too many sign-in attempts. Please try again later.' });
      expect(blocked.headers['retry-after']).toBeDefined();
    });

    it('limits sign-ups from one address', async () => {
      // The limit is 4 per window and the test above used one sign-up.
      const statuses: number[] = [];
      for (let index = 0; index < 4; index += 1) {
        const response = await signUp(ctx, {
          username: `Many ${index}`,
          email: `many-${index}-${Date.now()}@example.com`,
          password: 'secret1',
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
    });
  },
  {
    config: {
      rateLimits: {
        signInFailuresPerEmail: { max: 3, windowMs: 60_000 },
        signInAttemptsPerIp: { max: 100, windowMs: 60_000 },
        signUpsPerIp: { max: 4, windowMs: 60_000 },
        passwordChangesPerUser: { max: 2, windowMs: 60_000 },
      },
    },
  },
);
