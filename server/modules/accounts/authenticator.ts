import type { FastifyRequest } from 'fastify';
import {
  API_KEY_INVALID_MESSAGE,
  API_KEY_NOT_ALLOWED_MESSAGE,
  API_KEY_PREFIX,
  API_KEY_READ_ONLY_MESSAGE,
  type ApiKeyScope,
} from '../../../contracts/api-keys';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../../contracts/moderation';
import { forbidden, unauthorized } from '../../lib/http-errors';
import { keptTokenHash, type TokenService } from '../../lib/tokens';

export interface Viewer {
  id: string;
  username: string;
  /** Present when the request was made with a personal access token rather than a sign-in. */
  apiKey?: { id: string; scope: ApiKeyScope };
  /** A sign-in token's `auth_time`, in milliseconds: when the person last proved who they are. */
  signedInAt?: number;
}

export interface SessionUserLookup {
  /** The user behind a token, with the token version now in force; undefined if gone. */
  findSessionUser(id: string): Promise<
    | {
        id: string;
        username: string;
        tokenVersion: number;
        suspended: boolean;
        /** The one older token still valid: the one that made a change through Conduit (decision 59). */
        keptTokenHash?: string | null;
      }
    | undefined
  >;
}

/** A token of a suspended account (decision 42): refused like a revoked one, with its own words. */
export const SUSPENDED = 'suspended';

export interface ApiKeyLookup {
  /**
   * The viewer a personal access token speaks for; null when unknown, revoked or expired;
   * SUSPENDED when its owner is suspended.
   */
  resolve(token: string): Promise<Viewer | typeof SUSPENDED | null>;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The token a request carries: `Bearer <jwt>`, or `Token <jwt>` as RealWorld (Conduit) clients
 * send it (decision 40). Exported for Conduit, whose user answers repeat the token.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Turns a request's bearer token into the signed-in viewer, checking it against the database: a
 * sign-in token (a JWT) or a personal access token (`ink_…`, docs/decisions/0038-api-keys.md).
 */
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: SessionUserLookup,
    private readonly apiKeys?: ApiKeyLookup,
  ) {}

  /**
   * The viewer, or a 401 for a missing, invalid, expired or revoked token; a 403 for a read-only
   * key on a request that changes something.
   */
  async require(request: FastifyRequest): Promise<Viewer> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const viewer = await this.resolve(token);
    if (viewer === SUSPENDED) throw unauthorized(ACCOUNT_SUSPENDED_MESSAGE);
    if (!viewer) throw unauthorized(this.isKey(token) ? API_KEY_INVALID_MESSAGE : SESSION_ENDED_MESSAGE);
    if (viewer.apiKey?.scope === 'read' && !READ_METHODS.has(request.method)) {
      throw forbidden(API_KEY_READ_ONLY_MESSAGE);
    }
    return viewer;
  }

  /**
   * The viewer of a sign-in, for what only the person themselves may do: the account's password,
   * email, deletion and keys. A key that leaks must not be able to lock its owner out.
   */
  async requireSession(request: FastifyRequest): Promise<Viewer> {
    const token = bearerToken(request);
    if (token && this.isKey(token)) {
      // An invalid key is still a 401, so scripts learn about revocation the same way everywhere.
      const viewer = await this.resolve(token);
      if (viewer === SUSPENDED) throw unauthorized(ACCOUNT_SUSPENDED_MESSAGE);
      if (!viewer) throw unauthorized(API_KEY_INVALID_MESSAGE);
      throw forbidden(API_KEY_NOT_ALLOWED_MESSAGE);
    }
    return this.require(request);
  }

  /** The viewer when a valid token is present; public reads never fail because of a stale token. */
  async optional(request: FastifyRequest): Promise<Viewer | null> {
    const token = bearerToken(request);
    const viewer = token ? await this.resolve(token) : null;
    return viewer === SUSPENDED ? null : viewer;
  }

  private isKey(token: string): boolean {
    return this.apiKeys !== undefined && token.startsWith(API_KEY_PREFIX);
  }

  /** The user is read on every request: a suspension, like a password change, holds at once. */
  private async resolve(token: string): Promise<Viewer | typeof SUSPENDED | null> {
    if (this.apiKeys && this.isKey(token)) return this.apiKeys.resolve(token);
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.findSessionUser(claims.userId);
    if (!user) return null;
    const current = user.tokenVersion === claims.version;
    if (!current && (!user.keptTokenHash || user.keptTokenHash !== keptTokenHash(token))) return null;
    if (user.suspended) return SUSPENDED;
    return {
      id: user.id,
      username: user.username,
      ...(claims.signedInAt !== undefined ? { signedInAt: claims.signedInAt } : {}),
    };
  }
}
