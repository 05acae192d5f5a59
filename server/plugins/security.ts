import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import type { HstsMode } from '../config';
import { SESSION_HINT_CSP_SOURCE } from '../web/session-hint';

export interface SecurityOptions {
  corsOrigins: string[];
  hsts: HstsMode;
  trustProxy: boolean;
}

export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Whether a request came over HTTPS: the socket's own TLS, or behind a trusted proxy the last
 * X-Forwarded-Proto (the rule of Fastify's request.protocol). Read from the raw request, so the
 * response cache's front door can tell the same thing before Fastify runs.
 */
export function cameOverHttps(request: IncomingMessage, trustProxy: boolean): boolean {
  const forwarded = request.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded !== '') {
    return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
  }
  return (request.socket as TLSSocket | undefined)?.encrypted === true;
}

/**
 * What about a request changes the security headers of its answer: an allowed CORS origin (any
 * other origin gets the same answer as none) and, with HSTS on `auto`, whether it came over HTTPS.
 * The response cache keys answers on it, so one visitor's headers are never served to another.
 */
export function securityHeadersVariant(options: SecurityOptions): (request: IncomingMessage) => string {
  const allowed = new Set(options.corsOrigins);
  return (request) => {
    const origin = request.headers.origin;
    const corsPart = typeof origin === 'string' && allowed.has(origin) ? origin : '';
    const httpsPart = options.hsts === 'auto' && cameOverHttps(request, options.trustProxy) ? 'https' : '';
    return `${corsPart}|${httpsPart}`;
  };
}

/** The Content-Security-Policy and the other headers helmet sends, for every answer. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The one inline script the pages carry is allowed by its hash (server/web/session-hint.ts).
      scriptSrc: ["'self'", SESSION_HINT_CSP_SOURCE],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // The app links to other sites from user content; only the origin should leak.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  strictTransportSecurity: false,
};

/**
 * helmet's headers for the options above, computed once. @fastify/helmet builds helmet's
 * middleware again and renders the policy on every request (about 9 µs against none); the headers
 * never change between requests here, since the policy carries no nonce.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
})();

/**
 * Security headers with a Content-Security-Policy the built web app works under: scripts and
 * styles only from this origin, no inline script, no framing. CORS only for configured origins
 * (a web app served from another host, SPEC's {host}). Strict-Transport-Security only where it
 * means something: a browser ignores it over plain HTTP, and a self-hoster on http:// who later
 * tries HTTPS on the same name must not be pinned to it by accident.
 */
export async function installSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    done();
  });
  if (options.hsts !== 'off') {
    app.addHook('onRequest', (request, reply, done) => {
      if (options.hsts === 'always' || cameOverHttps(request.raw, options.trustProxy)) {
        reply.header('strict-transport-security', HSTS_VALUE);
      }
      done();
    });
  }
  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
}
