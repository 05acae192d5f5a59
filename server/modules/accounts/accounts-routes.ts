import type { FastifyInstance } from 'fastify';
import {
  confirmEmailSchema,
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '../../../contracts/auth';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import type { AccountsService } from './accounts-service';

/** Nothing these change is shown in a cached public read (except deleting an account). */
const keepsCache = { config: { keepsResponseCache: true } };

/** HTTP for account recovery and control (issue 14 §3); not in the spec. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; auth: Authenticator },
): void {
  const { accounts, auth } = deps;

  app.post('/api/user/password/forgot', keepsCache, async (request, reply) => {
    const input = parseInput(forgotPasswordSchema, request.body);
    return reply.code(202).send(await accounts.requestPasswordReset(input, request.ip));
  });

  app.post('/api/user/password/reset', keepsCache, async (request) => {
    const input = parseInput(resetPasswordSchema, request.body);
    return accounts.resetPassword(input);
  });

  app.post('/api/user/email', keepsCache, async (request, reply) => {
    const viewer = await auth.requireSession(request);
    const input = parseInput(emailChangeSchema, request.body);
    return reply.code(202).send(await accounts.requestEmailChange(viewer, input, request.ip));
  });

  app.post('/api/user/email/confirm', keepsCache, async (request) => {
    const input = parseInput(confirmEmailSchema, request.body);
    return accounts.confirmEmail(input);
  });

  app.post('/api/user/signout-everywhere', keepsCache, async (request) => {
    const viewer = await auth.requireSession(request);
    return accounts.signOutEverywhere(viewer);
  });

  // Deleting posts and comments, or renaming their author, changes public reads: the cache empties.
  app.post('/api/user/delete', async (request) => {
    const viewer = await auth.requireSession(request);
    const input = parseInput(deleteAccountSchema, request.body);
    return accounts.deleteAccount(viewer, input);
  });
}
