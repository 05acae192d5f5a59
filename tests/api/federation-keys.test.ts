import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { Person } from '@fedify/vocab';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { SealedSecrets } from '../../server/lib/sealed-secrets';
import {
  describeEachDatabase,
  request,
  signUpUser,
  TEST_JWT_SECRET,
  testConfig,
  type TestUser,
} from './support/harness';
import { createPublication } from './support/publications';

const PUBLIC_URL = 'http://inkwell.test';
const AS = 'application/activity+json';

interface PublicKeyField {
  id: string;
  owner: string;
  publicKeyPem: string;
}

describeEachDatabase(
  'the social web: each actor’s key pair',
  (ctx) => {
    let alice: TestUser;

    beforeAll(async () => {
      alice = await signUpUser(ctx);
    });

    const actor = async (path: string) => {
      const answer = await request<{ publicKey: PublicKeyField }>(ctx, {
        method: 'GET',
        url: path,
        headers: { accept: AS },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };

    const storedRow = (path: string) =>
      ctx.database.db.selectFrom('actor_keys').selectAll().where('actor', '=', path).execute();

    it('publishes an RSA 2048 public key on the actor, made on first need and kept', async () => {
      const path = `/ap/users/${alice.id}`;
      expect(await storedRow(path)).toHaveLength(0);
      const first = await actor(path);
      expect(first.publicKey).toMatchObject({
        id: `${PUBLIC_URL}${path}#main-key`,
        owner: `${PUBLIC_URL}${path}`,
        publicKeyPem: expect.stringMatching(
          /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/,
        ),
      });
      const key = createPublicKey(first.publicKey.publicKeyPem);
      expect(key.asymmetricKeyType).toBe('rsa');
      expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
      expect((await actor(path)).publicKey.publicKeyPem).toBe(first.publicKey.publicKeyPem);
      // JSON-LD readers find the key where Mastodon looks for it.
      const person = await Person.fromJsonLd(first);
      const parsed = await person.getPublicKey();
      expect(parsed?.id?.href).toBe(`${PUBLIC_URL}${path}#main-key`);
      expect(parsed?.ownerId?.href).toBe(`${PUBLIC_URL}${path}`);
      expect(await storedRow(path)).toHaveLength(1);
    });

    it('keeps the private key sealed under the instance secret, and it pairs with the published key', async () => {
      const path = `/ap/users/${alice.id}`;
      const published = (await actor(path)).publicKey.publicKeyPem;
      const [row] = await storedRow(path);
      if (!row) throw new Error('no key row');
      expect(row.public_key_pem).toBe(published);
      expect(row.private_key_sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
      expect(row.private_key_sealed).not.toContain('PRIVATE');
      const sealedBytes = Buffer.from(row.private_key_sealed.slice(3), 'base64url');
      expect(() => createPrivateKey({ key: sealedBytes, format: 'der', type: 'pkcs8' })).toThrow();

      const opened = new SealedSecrets(TEST_JWT_SECRET, 'actor keys').open(row.private_key_sealed, path);
      if (!opened) throw new Error('the sealed key did not open with the instance secret');
      const privateKey = createPrivateKey({ key: opened, format: 'der', type: 'pkcs8' });
      const message = Buffer.from('(request-target): post /inbox');
      expect(verify('sha256', message, published, sign('sha256', message, privateKey))).toBe(true);
      // Bound to its actor and to this instance's secret.
      expect(
        new SealedSecrets(TEST_JWT_SECRET, 'actor keys').open(row.private_key_sealed, '/ap/users/other'),
      ).toBeUndefined();
      expect(
        new SealedSecrets('x'.repeat(48), 'actor keys').open(row.private_key_sealed, path),
      ).toBeUndefined();
    });

    it('gives every actor its own pair: team publications too', async () => {
      const team = await createPublication(ctx, alice, `keys-${Date.now().toString(36)}`);
      const group = await actor(`/ap/publications/${team.id}`);
      expect(group.publicKey.owner).toBe(`${PUBLIC_URL}/ap/publications/${team.id}`);
      expect(group.publicKey.publicKeyPem).not.toBe(
        (await actor(`/ap/users/${alice.id}`)).publicKey.publicKeyPem,
      );
    });

    it('makes one pair when many ask for a new actor at once', async () => {
      const writer = await signUpUser(ctx);
      const path = `/ap/users/${writer.id}`;
      const answers = await Promise.all(Array.from({ length: 6 }, () => actor(path)));
      expect(new Set(answers.map((answer) => answer.publicKey.publicKeyPem)).size).toBe(1);
      expect(await storedRow(path)).toHaveLength(1);
    });

    it('replaces a pair that no longer opens after the instance secret changed', async () => {
      const writer = await signUpUser(ctx);
      const path = `/ap/users/${writer.id}`;
      const before = (await actor(path)).publicKey.publicKeyPem;
      const other = await buildApp({
        config: testConfig({ publicUrl: PUBLIC_URL, jwtSecret: 'a different instance secret, long enough' }),
        database: ctx.database,
      });
      try {
        const answer = await other.inject({ method: 'GET', url: path, headers: { accept: AS } });
        expect(answer.statusCode).toBe(200);
        const after = (JSON.parse(answer.body) as { publicKey: PublicKeyField }).publicKey.publicKeyPem;
        expect(after).not.toBe(before);
        const [row] = await storedRow(path);
        expect(row?.public_key_pem).toBe(after);
        expect(
          new SealedSecrets('a different instance secret, long enough', 'actor keys').open(
            row?.private_key_sealed ?? '',
            path,
          ),
        ).toBeDefined();
      } finally {
        await other.close();
      }
    });
  },
  { config: { publicUrl: PUBLIC_URL } },
);
