import { createHash } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** How a kept sign-in is stored (users.kept_token_hash): the token's SHA-256, hex. */
export function keptTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface TokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  version: number;
  /**
   * When the person last proved who they are (signed up, signed in, typed the current password),
   * in milliseconds; the `auth_time` claim (OpenID Connect's name for it). A token issued again
   * after a rename carries the sign-in's time, not the new token's, so renaming cannot make an old
   * sign-in look recent. Undefined: not known (tokens issued before the claim existed).
   */
  signedInAt?: number;
}

/**
 * HS256 JWTs: signed, expiring, and carrying the user's token version so a password change revokes
 * them. fast-jwt (nearform's, under @fastify/jwt) signs and checks them synchronously with
 * node:crypto: about 4 µs a verification here, against about 38 µs through jose's WebCrypto path
 * even with the key imported once (docs/decisions/0004-tokens-passwords-and-limits.md).
 * The tokens are the same as before: HS256, `sub`, `ver`, `iat`, `exp`, and `auth_time` (see below).
 */
export class TokenService {
  private readonly sign: (payload: { sub: string; ver: number; auth_time?: number }) => string;
  private readonly check: (token: string) => Record<string, unknown>;

  constructor(secret: string, ttlSeconds: number) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
    // A token without an expiry would be valid forever: one we never issued, refused outright.
    this.check = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
  }

  async issue(claims: TokenClaims): Promise<string> {
    return this.sign({
      sub: claims.userId,
      ver: claims.version,
      ...(claims.signedInAt !== undefined ? { auth_time: Math.floor(claims.signedInAt / 1000) } : {}),
    });
  }

  /**
   * The token's claims, or null when it is malformed, forged, of another algorithm, expired or
   * without an expiry.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const payload = this.check(token);
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      const authTime = payload.auth_time;
      return {
        userId: payload.sub,
        version: payload.ver,
        ...(typeof authTime === 'number' && Number.isFinite(authTime) ? { signedInAt: authTime * 1000 } : {}),
      };
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
  }
}
