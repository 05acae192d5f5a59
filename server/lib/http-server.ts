import { createServer, type RequestListener, type Server } from 'node:http';
import type { HttpServerLimits } from '../config';

/**
 * The node:http server every request arrives on. app.ts supplies it to Fastify as its server
 * factory (for the response cache's front door), and Fastify then applies none of its own timeout
 * options, so the limits are set here, on the server actually used:
 * - a request (headers and body) must arrive within requestTimeoutMs, its headers within
 *   headersTimeoutMs: a client trickling bytes is answered 408 and disconnected;
 * - an idle keep-alive connection closes after keepAliveTimeoutMs;
 * - past maxConnections, new connections are closed at once.
 */
export function createHttpServer(limits: HttpServerLimits, listener: RequestListener): Server {
  const deadlines = [limits.requestTimeoutMs, limits.headersTimeoutMs].filter((ms) => ms > 0);
  const server = createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks those deadlines on this timer (every 30 s by default), so a slow client could
      // outlive its deadline by that much; a quarter of the shortest deadline keeps it honest.
      connectionsCheckingInterval:
        deadlines.length > 0
          ? Math.min(30_000, Math.max(100, Math.floor(Math.min(...deadlines) / 4)))
          : 30_000,
    },
    listener,
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  if (limits.maxConnections > 0) server.maxConnections = limits.maxConnections;
  return server;
}
