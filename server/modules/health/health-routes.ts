import type { FastifyInstance } from 'fastify';
import { runReadinessChecks, type ReadinessCheck } from './readiness';
import { z } from 'zod';
import { declareRoute } from '../../openapi/route-schema';

const readinessChecksSchema = z.record(
  z.string(),
  z.strictObject({
    ok: z.boolean(),
    ms: z.number(),
    reason: z.string().optional(),
    /** A failing optional check: the instance serves, less well. */
    degraded: z.literal(true).optional(),
  }),
);

export const HEALTH_PATHS = { live: '/healthz', ready: '/readyz' } as const;

/**
 * Liveness and readiness, for a balancer, systemd or an orchestrator. Never cached by anyone:
 * each probe must see the instance as it is now.
 * - /healthz: the process runs its event loop and answers. Touches nothing else, so a database
 *   outage never makes an orchestrator restart instances that would only come back to the same
 *   outage.
 * - /readyz: every required ReadinessCheck passes (the database answers and holds every
 *   migration). 503 names the failing checks; the balancer should send traffic elsewhere. Redis,
 *   when configured, is optional: while it is down the answer stays 200 with `status: 'degraded'`
 *   and the check marked `degraded`, since every instance shares it and serves without it.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { checks: readonly ReadinessCheck[] },
): void {
  const started = Date.now();

  const liveSchema = declareRoute({
    summary: 'Liveness',
    description: 'The process answers. Touches nothing else.',
    tag: 'Operations',
    access: 'public',
    answers: { 200: z.strictObject({ status: z.literal('ok'), uptimeSeconds: z.number().int() }) },
  });
  const readySchema = declareRoute({
    summary: 'Readiness',
    description:
      "Every required check passes: the database answers and holds every migration. 503 names the failing checks. Redis, when configured, is checked too but only degrades: while it does not answer, 200 with `status: 'degraded'` and its check `degraded: true` (each instance then limits on its own).",
    tag: 'Operations',
    access: 'public',
    answers: {
      200: z.strictObject({ status: z.enum(['ready', 'degraded']), checks: readinessChecksSchema }),
      503: z.strictObject({ message: z.string(), checks: readinessChecksSchema }),
    },
  });

  app.get(HEALTH_PATHS.live, { schema: liveSchema }, (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .send({ status: 'ok', uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );

  app.get(HEALTH_PATHS.ready, { schema: readySchema }, async (request, reply) => {
    const outcomes = await runReadinessChecks(deps.checks);
    const checks = Object.fromEntries(
      outcomes.map(({ name, ok, optional, ms, reason }) => [
        name,
        ok ? { ok, ms } : { ok, ms, reason, ...(optional ? { degraded: true as const } : {}) },
      ]),
    );
    for (const { name, optional, reason, error } of outcomes.filter((outcome) => !outcome.ok)) {
      const message = optional ? 'readiness check failed, serving degraded' : 'readiness check failed';
      request.log.warn({ check: name, reason, err: error }, message);
    }
    const failing = outcomes.filter((outcome) => !outcome.ok && !outcome.optional);
    reply.header('cache-control', 'no-store');
    if (failing.length === 0) {
      const degraded = outcomes.some((outcome) => !outcome.ok);
      return reply.send({ status: degraded ? 'degraded' : 'ready', checks });
    }
    const summary = failing.map(({ name, reason }) => `${name} (${reason})`).join(', ');
    return reply.code(503).send({ message: `Not ready: ${summary}`, checks });
  });
}
