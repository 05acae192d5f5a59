import type { FastifyInstance } from 'fastify';
import {
  confirmEmailSchema,
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  undoChangeSchema,
} from '../../../contracts/auth';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import type { AccountsService } from './accounts-service';
import { z } from 'zod';
import { routeSchema } from '../../openapi/route-schema';
import { messageAnswer } from '../../openapi/answers';

/** Nothing these change is shown in a cached public read (except deleting an account). */
const keepsCache = { config: { keepsResponseCache: true } };

/** HTTP for account recovery and control (issue 14 §3); not in the spec. */
export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; auth: Authenticator },
): void {
  const { accounts, auth } = deps;

  app.post(
    '/api/user/password/forgot',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Ask for a password reset link',
        description:
          'The same answer whether or not an account uses the address; the link works once, for an hour.',
        tag: 'Accounts',
        access: 'public',
        body: forgotPasswordSchema,
        answers: { 202: messageAnswer },
      }),
    },
    async (request, reply) => {
      const input = parseInput(forgotPasswordSchema, request.body);
      return reply.code(202).send(await accounts.requestPasswordReset(input, request.ip));
    },
  );

  app.post(
    '/api/user/password/reset',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Set a new password from a reset link',
        description: 'Ends every session; 400 for an invalid, expired or used link.',
        tag: 'Accounts',
        access: 'public',
        body: resetPasswordSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const input = parseInput(resetPasswordSchema, request.body);
      return accounts.resetPassword(input);
    },
  );

  app.post(
    '/api/user/email',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Change the email address',
        description: 'A confirmation link goes to the new address (none if another account uses it).',
        tag: 'Accounts',
        access: 'sign-in',
        body: emailChangeSchema,
        answers: { 202: messageAnswer },
      }),
    },
    async (request, reply) => {
      const viewer = await auth.requireSession(request);
      const input = parseInput(emailChangeSchema, request.body);
      return reply.code(202).send(await accounts.requestEmailChange(viewer, input, request.ip));
    },
  );

  app.post(
    '/api/user/email/confirm',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Confirm a new email address from its link',
        description:
          "Signs the account out everywhere and mails the previous address a notice whose link undoes the change. A request carrying the same account's sign-in gets a fresh `jwt` for that browser.",
        tag: 'Accounts',
        access: 'public',
        body: confirmEmailSchema,
        answers: {
          200: z.strictObject({ message: z.string(), email: z.string(), jwt: z.string().optional() }),
        },
      }),
    },
    async (request) => {
      const input = parseInput(confirmEmailSchema, request.body);
      const viewer = await auth.optional(request);
      // A key speaks for scripts, not for this browser: it gets no sign-in token.
      return accounts.confirmEmail(input, viewer?.apiKey ? null : viewer);
    },
  );

  app.post(
    '/api/user/undo',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Undo a password or email change from its notice',
        description:
          'The link mailed with every password or email change: puts the previous password or address back and ends every session. 400 for an invalid, expired (after 7 days) or used link; 409 when another account uses the previous address by now.',
        tag: 'Accounts',
        access: 'public',
        body: undoChangeSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const input = parseInput(undoChangeSchema, request.body);
      return accounts.undoChange(input);
    },
  );

  app.post(
    '/api/user/signout-everywhere',
    {
      ...keepsCache,
      schema: routeSchema({
        summary: 'Sign out everywhere',
        description: 'Every sign-in token of the account stops working. API keys are not touched.',
        tag: 'Accounts',
        access: 'sign-in',
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const viewer = await auth.requireSession(request);
      return accounts.signOutEverywhere(viewer);
    },
  );

  // Deleting posts and comments, or renaming their author, changes public reads: the cache empties.
  app.post(
    '/api/user/delete',
    {
      schema: routeSchema({
        summary: 'Delete the account',
        description: '`keep` leaves posts and comments signed "former member".',
        tag: 'Accounts',
        access: 'sign-in',
        body: deleteAccountSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      const viewer = await auth.requireSession(request);
      const input = parseInput(deleteAccountSchema, request.body);
      return accounts.deleteAccount(viewer, input);
    },
  );
}
