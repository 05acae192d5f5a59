import type { FastifyInstance } from 'fastify';
import {
  confirmEmailSchema,
  deleteAccountSchema,
  emailChangeSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  undoChangeSchema,
} from '../../../contracts/auth';
import type { AccountsService } from './accounts-service';
import { z } from 'zod';
import { declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageAnswer } from '../../openapi/answers';

/** Nothing these change is shown in a cached public read (except deleting an account). */
const keepsCache = { config: { keepsResponseCache: true } };

/** HTTP for account recovery and control (decision 31); not in the specification. */
export function registerAccountRoutes(app: FastifyInstance, deps: { accounts: AccountsService }): void {
  const { accounts } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/password/forgot',
    {
      ...keepsCache,
      schema: declareRoute({
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
      return reply.code(202).send(await accounts.requestPasswordReset(request.body, request.ip));
    },
  );

  api.post(
    '/api/user/password/reset',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Set a new password from a reset link',
        description: 'Ends every session; 400 for an invalid, expired or used link.',
        tag: 'Accounts',
        access: 'public',
        body: resetPasswordSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      return accounts.resetPassword(request.body);
    },
  );

  api.post(
    '/api/user/email',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Change the email address',
        description: 'A confirmation link goes to the new address (none if another account uses it).',
        tag: 'Accounts',
        access: 'sign-in',
        body: emailChangeSchema,
        answers: { 202: messageAnswer },
      }),
    },
    async (request, reply) => {
      return reply
        .code(202)
        .send(await accounts.requestEmailChange(request.viewer, request.body, request.ip));
    },
  );

  api.post(
    '/api/user/email/confirm',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Confirm a new email address from its link',
        description:
          "Signs the account out everywhere and mails the previous address a notice whose link undoes the change. A request carrying the same account's sign-in gets a fresh `jwt` for that browser.",
        tag: 'Accounts',
        // The sign-in of the same account, when sent, gets a fresh token back.
        access: 'optional',
        body: confirmEmailSchema,
        answers: {
          200: z.strictObject({ message: z.string(), email: z.string(), jwt: z.string().optional() }),
        },
      }),
    },
    async (request) => {
      const input = request.body;
      // A key speaks for scripts, not for this browser: it gets no sign-in token.
      return accounts.confirmEmail(input, request.viewer?.apiKey ? null : request.viewer);
    },
  );

  api.post(
    '/api/user/undo',
    {
      ...keepsCache,
      schema: declareRoute({
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
      return accounts.undoChange(request.body);
    },
  );

  api.post(
    '/api/user/signout-everywhere',
    {
      ...keepsCache,
      schema: declareRoute({
        summary: 'Sign out everywhere',
        description: 'Every sign-in token of the account stops working. API keys are not touched.',
        tag: 'Accounts',
        access: 'sign-in',
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      return accounts.signOutEverywhere(request.viewer);
    },
  );

  // Deleting posts and comments, or renaming their author, changes public reads: the cache empties.
  api.post(
    '/api/user/delete',
    {
      schema: declareRoute({
        summary: 'Delete the account',
        description: '`keep` leaves posts and comments signed "former member".',
        tag: 'Accounts',
        access: 'sign-in',
        body: deleteAccountSchema,
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      return accounts.deleteAccount(request.viewer, request.body);
    },
  );
}
