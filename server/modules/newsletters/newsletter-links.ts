import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../../contracts/ids';

/** A confirmation link's token (32 random bytes) and the SHA-256 the database keeps instead. */
export function newConfirmationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashConfirmationToken(token) };
}

export const hashConfirmationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Unsubscribe links: the subscription's id and an HMAC of it, so every email to one address
 * carries the same working link without a stored token, and a forged or altered one is refused
 * before the database is read. The key is derived from the instance's JWT secret under a label of
 * its own (a sign-in token can never pass for a link, nor the reverse); changing JWT_SECRET ends
 * the links in emails already sent, as it ends sign-ins.
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('inkwell newsletter unsubscribe links v1').digest();
  }

  tokenFor(subscriptionId: string): string {
    return `${subscriptionId}.${this.signature(subscriptionId)}`;
  }

  /** The subscription id a token names, or undefined when it is malformed or not ours. */
  subscriptionOf(token: string): string | undefined {
    const dot = token.indexOf('.');
    if (dot < 0) return undefined;
    const id = token.slice(0, dot);
    if (!isUuid(id)) return undefined;
    const given = Buffer.from(token.slice(dot + 1));
    const expected = Buffer.from(this.signature(id));
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  private signature(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url');
  }
}
