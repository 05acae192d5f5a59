import { describe, expect, it } from 'vitest';
import { SealedSecrets } from './sealed-secrets';

describe('sealed secrets', () => {
  const secrets = new SealedSecrets('an instance secret that is long enough', 'actor keys');
  const plaintext = Buffer.from('-----BEGIN PRIVATE KEY----- not really');

  it('opens what it sealed, for the same context, and never shows the plaintext', () => {
    const sealed = secrets.seal(plaintext, '/ap/users/1');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('PRIVATE');
    expect(Buffer.from(sealed.slice(3), 'base64url').includes(plaintext)).toBe(false);
    expect(secrets.open(sealed, '/ap/users/1')).toEqual(plaintext);
    // A fresh IV each time: the same secret never seals to the same text twice.
    expect(secrets.seal(plaintext, '/ap/users/1')).not.toBe(sealed);
  });

  it('refuses another context, another instance secret, another purpose, and any change', () => {
    const sealed = secrets.seal(plaintext, '/ap/users/1');
    expect(secrets.open(sealed, '/ap/users/2')).toBeUndefined();
    expect(
      new SealedSecrets('another instance secret, also long', 'actor keys').open(sealed, '/ap/users/1'),
    ).toBeUndefined();
    expect(
      new SealedSecrets('an instance secret that is long enough', 'other').open(sealed, '/ap/users/1'),
    ).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(secrets.open(`v1.${bytes.toString('base64url')}`, '/ap/users/1')).toBeUndefined();
    for (const junk of ['', 'v1', 'v1.', 'v2.AAAA', 'v1.AAAA', `${sealed}.x`, 'v1.!!!']) {
      expect(secrets.open(junk, '/ap/users/1')).toBeUndefined();
    }
  });
});
