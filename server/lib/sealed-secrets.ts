import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** What a sealed value starts with: the scheme's version, so a later one can be told apart. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Secrets the instance must keep in its database but not in the clear (a social-web actor's
 * private key): AES-256-GCM under a key derived from the instance's own secret (JWT_SECRET, or
 * the one generated at first start, kept in the data folder on SQLite and in the database on
 * PostgreSQL), as the unsubscribe links' key is (decision 60). A copy of the database
 * alone (a backup, a dump) does not open them. Each value is bound to what it belongs to (`context`,
 * GCM's associated data), so a sealed value moved to another row does not open there either.
 * Changing the instance's secret makes every sealed value unreadable: `open` then answers undefined
 * and the owner makes a new one.
 */
export class SealedSecrets {
  private readonly key: Buffer;

  /** `purpose` keeps each use's key apart: one purpose's sealed values never open under another's. */
  constructor(instanceSecret: string, purpose: string) {
    this.key = createHmac('sha256', instanceSecret)
      .update(`inkwell sealed secrets ${VERSION}: ${purpose}`)
      .digest();
  }

  seal(plaintext: Buffer, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`;
  }

  /** The plaintext, or undefined when it was sealed under another secret, for another context, or altered. */
  open(sealed: string, context: string): Buffer | undefined {
    const [version, data, ...rest] = sealed.split('.');
    if (version !== VERSION || data === undefined || rest.length > 0) return undefined;
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      return undefined;
    }
  }
}
