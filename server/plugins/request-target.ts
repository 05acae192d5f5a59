import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-errors';
import { requestTargetRefusal } from '../lib/request-target';

/**
 * Answers a request the front door refused for its Host or target (lib/request-target.ts) with a
 * 400, before any route sees it: JSON, with the request id and security headers of every answer.
 */
export function installRequestTargetCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const refusal = requestTargetRefusal(request.raw);
    if (refusal !== undefined) throw badRequest(refusal);
  });
}
