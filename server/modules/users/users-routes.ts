import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  USER_NOT_FOUND_MESSAGE,
  signInSchema,
  signUpSchema,
  userUpdateSchema,
} from '../../../contracts/auth';
import { idSchema } from '../../../contracts/ids';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import { cacheableRead } from '../../lib/response-cache';
import type { UsersService } from './users-service';
import { routeSchema } from '../../openapi/route-schema';
import { accountSchema, answer, profileSchema, signInAnswer, signUpAnswer } from '../../openapi/answers';
import { exampleBodies } from '../../openapi/examples';

export const userIdQuerySchema = z.object({ userId: idSchema('userId', USER_NOT_FOUND_MESSAGE) });

/** HTTP for accounts (SPEC §7): translates requests to the users service and back. */
export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    auth: Authenticator;
    operators: { isOperator(userId: string): Promise<boolean> };
  },
): void {
  const { users, auth, operators } = deps;

  app.post(
    '/api/user/signup',
    {
      schema: routeSchema({
        summary: 'Sign up',
        description:
          'Answers a sign-in token (`jwt`). 409 when the email is taken; 429 past the sign-ups allowed per client address.',
        tag: 'Accounts',
        access: 'public',
        body: signUpSchema,
        bodyExample: exampleBodies.signUp,
        answers: { 201: signUpAnswer },
      }),
    },
    async (request, reply) => {
      const input = parseInput(signUpSchema, request.body);
      const result = await users.signUp(input, request.ip);
      return reply.code(201).send(result);
    },
  );

  // Signing in changes nothing a cached read shows, so it leaves the response cache alone.
  app.post(
    '/api/user/signin',
    {
      ...{ config: { keepsResponseCache: true } },
      schema: routeSchema({
        summary: 'Sign in',
        description:
          '401 for a wrong email or password; 429 after too many failures for one email or one client address.',
        tag: 'Accounts',
        access: 'public',
        body: signInSchema,
        bodyExample: exampleBodies.signIn,
        answers: { 200: signInAnswer },
      }),
    },
    async (request) => {
      const input = parseInput(signInSchema, request.body);
      return users.signIn(input, request.ip);
    },
  );

  // A password or name change is the person's own: an API key may not make it (decision 38).
  app.put(
    '/api/user/userupdate',
    {
      schema: routeSchema({
        summary: 'Change the username or the password',
        description:
          'SPEC §7. A new password needs `currentPassword` unless the sign-in is under 10 minutes old (403 with the message under `currentPassword` otherwise); it ends every other session and every reset and email-change link, and mails the account a notice whose link undoes it. The answer carries a new token.',
        tag: 'Accounts',
        access: 'sign-in',
        body: userUpdateSchema,
        answers: { 200: signInAnswer },
      }),
    },
    async (request) => {
      const viewer = await auth.requireSession(request);
      const input = parseInput(userUpdateSchema, request.body);
      return users.update(viewer, input);
    },
  );

  // Not in the spec: lets the web app find out on load that a stored token is no longer valid
  // (expired, or revoked by a password change elsewhere) before the reader acts (PRODUCT fix 8).
  app.get(
    '/api/user/me',
    {
      schema: routeSchema({
        summary: 'The signed-in account',
        description: 'The web app checks a stored token with it on load; `isOperator` shows the Admin link.',
        tag: 'Accounts',
        access: 'token',
        answers: { 200: answer(accountSchema) },
      }),
    },
    async (request) => {
      const viewer = await auth.require(request);
      const account = await users.account(viewer);
      return { response: { ...account, isOperator: await operators.isOperator(viewer.id) } };
    },
  );

  app.get(
    '/api/user/profile',
    {
      ...cacheableRead('userId'),
      schema: routeSchema({
        summary: "A person's profile",
        tag: 'People',
        access: 'optional',
        querystring: userIdQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const { userId } = parseInput(userIdQuerySchema, request.query);
      const viewer = await auth.optional(request);
      return { response: await users.profile(userId, viewer) };
    },
  );
}
