import type { FastifyRequest } from 'fastify';
import { unauthorized } from './http-errors';
import type { TokenService } from './tokens';

export interface Viewer {
  id: string;
  username: string;
}

export interface SessionUserLookup {
  /** The user behind a token, with the token version now in force; undefined if gone. */
  findSessionUser(id: string): Promise<{ id: string; username: string; tokenVersion: number } | undefined>;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/**
 * The token a request carries: `Bearer <jwt>`, or `Token <jwt>` as RealWorld (Conduit) clients
 * send it (issue 13 §4). Exported for Conduit, whose user answers repeat the token.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^(?:Bearer|Token)\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** Turns a request's bearer token into the signed-in viewer, checking it against the database. */
export class Authenticator {
  constructor(
    private readonly tokens: TokenService,
    private readonly users: SessionUserLookup,
  ) {}

  /** The viewer, or a 401 for a missing, invalid, expired or revoked token. */
  async require(request: FastifyRequest): Promise<Viewer> {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Authentication required');
    const viewer = await this.resolve(token);
    if (!viewer) throw unauthorized(SESSION_ENDED_MESSAGE);
    return viewer;
  }

  /** The viewer when a valid token is present; public reads never fail because of a stale token. */
  async optional(request: FastifyRequest): Promise<Viewer | null> {
    const token = bearerToken(request);
    return token ? this.resolve(token) : null;
  }

  private async resolve(token: string): Promise<Viewer | null> {
    const claims = await this.tokens.verify(token);
    if (!claims) return null;
    const user = await this.users.findSessionUser(claims.userId);
    if (!user || user.tokenVersion !== claims.version) return null;
    return { id: user.id, username: user.username };
  }
}
