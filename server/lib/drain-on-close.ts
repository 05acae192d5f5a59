import type { FastifyInstance } from 'fastify';

/**
 * Closing the app drains its connections instead of waiting on them. Node's server.close() ends
 * only the keep-alive connections idle at that instant, so one that finishes its response a moment
 * later, or that has begun a request it never completes, would hold close() open until a timeout
 * tens of seconds away (a deploy's SIGTERM, or a test's teardown, stuck that long). So: connections
 * are ended as soon as they fall idle, and whatever is still open after `graceMs` is cut.
 */
export function drainOnClose(app: FastifyInstance, graceMs: number): void {
  let sweeper: NodeJS.Timeout | undefined;
  let deadline: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    const server = app.server;
    sweeper = setInterval(() => server.closeIdleConnections(), 50);
    deadline = setTimeout(() => server.closeAllConnections(), graceMs);
    sweeper.unref();
    deadline.unref();
    done();
  });
  // Fastify closes the server before it runs the onClose hooks added here.
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweeper);
    clearTimeout(deadline);
    done();
  });
}
