import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import { SESSION_HINT_CSP_SOURCE } from '../web/session-hint';

/**
 * Security headers with a Content-Security-Policy the built web app works under: scripts and
 * styles only from this origin, no inline script but the one the pages carry (allowed by its
 * hash: server/web/session-hint.ts), no framing. CORS only for configured origins
 * (a web app served from another host, SPEC's {host}).
 */
export async function installSecurity(app: FastifyInstance, corsOrigins: string[]): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
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
  });
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization'],
      maxAge: 600,
    });
  }
}
