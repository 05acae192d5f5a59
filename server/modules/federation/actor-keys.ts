import { createPublicKey, generateKeyPair as generateKeyPairCallback, webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { LRUCache } from 'lru-cache';
import type { SealedSecrets } from '../../lib/sealed-secrets';
import type { ActorKeysRepository, StoredKeyPair } from './actor-keys-repository';

const generateKeyPair = promisify(generateKeyPairCallback);

/** Mastodon's own size; larger keys cost every receiver more to check and buy nothing it uses. */
export const ACTOR_KEY_BITS = 2048;
/** RSASSA-PKCS1-v1_5 with SHA-256: what `rsa-sha256` and Mastodon's `hs2019` sign with. */
const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
/** Opened pairs kept in memory, so signing a delivery does not unseal and import each time. */
const CACHED_PAIRS = 1_000;

export interface ActorKeyPair {
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  publicKeyPem: string;
}

/**
 * Each actor's RSA key pair (decision 70): made on first need (an actor document asked for, a
 * delivery to sign) in the thread pool, so a request waits but the server does not; the private key
 * is kept sealed (server/lib/sealed-secrets.ts). A pair whose private key no longer opens (the
 * instance's secret changed) is replaced by a new one: other servers fetch the actor again when a
 * signature fails with the key they kept, as Mastodon does.
 */
export class ActorKeys {
  private readonly opened = new LRUCache<string, Promise<ActorKeyPair>>({ max: CACHED_PAIRS });

  constructor(
    private readonly repository: ActorKeysRepository,
    private readonly sealed: SealedSecrets,
  ) {}

  /** The actor's pair, made and stored first if it has none. `actor` is its path (/ap/users/{id}). */
  keyPairOf(actor: string): Promise<ActorKeyPair> {
    let pair = this.opened.get(actor);
    if (!pair) {
      pair = this.load(actor);
      this.opened.set(actor, pair);
      // A failure (the database away) is not remembered: the next caller tries again.
      pair.catch(() => this.opened.delete(actor));
    }
    return pair;
  }

  private async load(actor: string): Promise<ActorKeyPair> {
    let stored =
      (await this.repository.find(actor)) ??
      (await this.repository.findOrCreate(actor, await this.fresh(actor)));
    let privateKey = this.sealed.open(stored.private_key_sealed, actor);
    if (!privateKey) {
      stored = await this.repository.replace(actor, stored.private_key_sealed, await this.fresh(actor));
      privateKey = this.sealed.open(stored.private_key_sealed, actor);
      if (!privateKey) throw new Error(`the key pair of ${actor} cannot be opened`);
    }
    return {
      publicKeyPem: stored.public_key_pem,
      publicKey: await importPublicKey(stored.public_key_pem),
      // Extractable because Fedify's signRequest reads the key's form before signing with it; it
      // never leaves this process.
      privateKey: await webcrypto.subtle.importKey('pkcs8', privateKey, ALGORITHM, true, ['sign']),
    };
  }

  private async fresh(actor: string): Promise<StoredKeyPair> {
    const { publicKey, privateKey } = await generateKeyPair('rsa', {
      modulusLength: ACTOR_KEY_BITS,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'der' },
    });
    return { public_key_pem: publicKey, private_key_sealed: this.sealed.seal(privateKey, actor) };
  }
}

/** An SPKI PEM as a Web Crypto key, for @fedify/vocab's CryptographicKey and for checking signatures. */
export function importPublicKey(pem: string): Promise<CryptoKey> {
  const der = createPublicKey(pem).export({ type: 'spki', format: 'der' });
  return webcrypto.subtle.importKey('spki', der, ALGORITHM, true, ['verify']) as Promise<CryptoKey>;
}
