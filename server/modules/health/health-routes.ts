import type { FastifyInstance } from 'fastify';
import { runReadinessChecks, type ReadinessCheck } from './readiness';

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/**
 * Liveness and readiness, for a balancer, systemd or an orchestrator. Never cached by anyone:
 * each probe must see the instance as it is now.
 * - /healthz: the process runs its event loop and answers. Touches nothing else, so a database
 *   outage never makes an orchestrator restart instances that would only come back to the same
 *   outage.
 * - /readyz: every ReadinessCheck passes (the database answers and holds every migration; Redis
 *   too when configured). 503 names the failing checks; the balancer should send traffic elsewhere.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { checks: readonly ReadinessCheck[] },
): void {
  const started = Date.now();

  app.get(HEALTH_PATHS.live, (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );

  app.get(HEALTH_PATHS.ready, async (request, reply) => {
    const outcomes = await runReadinessChecks(deps.checks);
    const checks = Object.fromEntries(
      outcomes.map(({ name, ok, ms, reason }) => [name, ok ? { ok, ms } : { ok, ms, reason }]),
    );
    const failing = outcomes.filter((outcome) => !outcome.ok);
    reply.header('cache-control', 'no-store');
    if (failing.length === 0) return reply.send({ status: 'ready', checks });
    for (const { name, reason, error } of failing) {
      request.log.warn({ check: name, reason, err: error }, 'readiness check failed');
    }
    const summary = failing.map(({ name, reason }) => `${name} (${reason})`).join(', ');
    return reply.code(503).send({ message: `Not ready: ${summary}`, checks });
  });
}
