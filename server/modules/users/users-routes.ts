import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  USER_NOT_FOUND_MESSAGE,
  signInSchema,
  signUpSchema,
  userUpdateSchema,
} from '../../../contracts/auth';
import { idSchema } from '../../../contracts/ids';
import { cacheableRead } from '../../lib/response-cache';
import type { UsersService } from './users-service';
import { NO_CONTENT, declareRoute } from '../../openapi/route-schema';
import { pinPostSchema, profileLinksSchema } from '../../../contracts/profile';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountSchema,
  answer,
  handleSuggestionSchema,
  postSchema,
  profileLinksSchema as profileLinksAnswer,
  profileSchema,
  signInAnswer,
  signUpAnswer,
} from '../../openapi/answers';
import { exampleBodies } from '../../openapi/examples';
import { handleSuggestionsQuerySchema } from '../../../contracts/handles';
import type { HandleSuggestionsService } from './handle-suggestions-service';

export const userIdQuerySchema = z.object({ userId: idSchema('userId', USER_NOT_FOUND_MESSAGE) });

/** A profile by id, or by handle (the /@handle page): one of the two. */
export const profileQuerySchema = z
  .object({
    userId: idSchema('userId', USER_NOT_FOUND_MESSAGE).optional(),
    handle: z.string({ error: 'handle must be text' }).max(64, USER_NOT_FOUND_MESSAGE).optional(),
  })
  .refine((query) => query.userId !== undefined || query.handle !== undefined, {
    message: 'userId is required',
    path: ['userId'],
  });

/** HTTP for accounts (specification §7): translates requests to the users service and back. */
export function registerUserRoutes(
  app: FastifyInstance,
  deps: {
    users: UsersService;
    operators: { isOperator(userId: string): Promise<boolean> };
    handleSuggestions: HandleSuggestionsService;
  },
): void {
  const { users, operators, handleSuggestions } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/user/signup',
    {
      schema: declareRoute({
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
      const result = await users.signUp(request.body, request.ip);
      return reply.code(201).send(result);
    },
  );

  // Signing in changes nothing a cached read shows, so it leaves the response cache alone.
  api.post(
    '/api/user/signin',
    {
      ...{ config: { keepsResponseCache: true } },
      schema: declareRoute({
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
      return users.signIn(request.body, request.ip);
    },
  );

  // A password or name change is the person's own: an API key may not make it (decision 38).
  api.put(
    '/api/user/userupdate',
    {
      schema: declareRoute({
        summary: 'Change the username or the password',
        description:
          'Specification §7. A new password needs `currentPassword` unless the sign-in is under 10 minutes old (403 with the message under `currentPassword` otherwise); it ends every other session and every reset and email-change link, and mails the account a notice whose link undoes it. The answer carries a new token.',
        tag: 'Accounts',
        access: 'sign-in',
        body: userUpdateSchema,
        answers: { 200: signInAnswer },
      }),
    },
    async (request) => {
      return users.update(request.viewer, request.body);
    },
  );

  // Not in the spec: lets the web app find out on load that a stored token is no longer valid
  // (expired, or revoked by a password change elsewhere) before the reader acts (difference 8 in docs/differences-from-the-specification.md).
  api.get(
    '/api/user/me',
    {
      schema: declareRoute({
        summary: 'The signed-in account',
        description: 'The web app checks a stored token with it on load; `isOperator` shows the Admin link.',
        tag: 'Accounts',
        access: 'token',
        answers: { 200: answer(accountSchema) },
      }),
    },
    async (request) => {
      const account = await users.account(request.viewer);
      return { response: { ...account, isOperator: await operators.isOperator(request.viewer.id) } };
    },
  );

  api.get(
    '/api/user/profile',
    {
      ...cacheableRead('userId', 'handle'),
      schema: declareRoute({
        summary: "A person's profile",
        description: 'By `userId`, or by `handle` (what /@handle shows); 404 for a handle nobody holds.',
        tag: 'People',
        access: 'optional',
        querystring: profileQuerySchema,
        answers: { 200: answer(profileSchema) },
      }),
    },
    async (request) => {
      const { userId, handle } = request.query;
      if (userId !== undefined) return { response: await users.profile(userId, request.viewer) };
      return { response: await users.profileByHandle(handle ?? '', request.viewer) };
    },
  );

  api.put(
    '/api/user/links',
    {
      schema: declareRoute({
        summary: 'Set the website and profiles elsewhere',
        description:
          'Both fields sent: `website` (\'\' for none) and `elsewhere`, at most 5 addresses. Each is a full https address (no user name or password in it, a host with a dot), at most 300 characters, none twice; 400 with the message under the field otherwise. Profiles show them with rel="me", so a Mastodon account that links back verifies them.',
        tag: 'People',
        access: 'sign-in',
        body: profileLinksSchema,
        answers: { 200: answer(profileLinksAnswer) },
      }),
    },
    async (request) => ({ response: await users.setLinks(request.viewer, request.body) }),
  );

  api.put(
    '/api/user/pinned',
    {
      schema: declareRoute({
        summary: 'Pin one of your posts to the top of your profile',
        description:
          'Replaces any pinned post. 404 for a post the viewer cannot see, 403 for another writer’s post, 400 for a draft, scheduled, hidden or email-only post. Unpublishing or deleting the post unpins it.',
        tag: 'People',
        access: 'sign-in',
        body: pinPostSchema,
        answers: { 200: answer(postSchema) },
      }),
    },
    async (request) => ({ response: await users.pin(request.viewer, request.body.postId) }),
  );

  api.delete(
    '/api/user/pinned',
    {
      schema: declareRoute({
        summary: 'Unpin the pinned post',
        description: 'Nothing pinned is not an error.',
        tag: 'People',
        access: 'sign-in',
        answers: { 204: NO_CONTENT },
      }),
    },
    async (request, reply) => {
      await users.unpin(request.viewer);
      return reply.code(204).send();
    },
  );

  // The comment box's `@` suggestions: signed-in people only, counted per account.
  api.get(
    '/api/user/handles',
    {
      schema: declareRoute({
        summary: 'People whose handle or name starts with a prefix',
        description:
          "For `@` suggestions while writing a comment: `prefix` (without case) on handles and names, at most `limit` (1 to 20, 8 by default) people; with `postId`, that post's author and commenters first. Never former members, suspended accounts, the asker, or anyone blocked either way. 429 past the lookups allowed per account.",
        tag: 'People',
        access: 'sign-in',
        querystring: handleSuggestionsQuerySchema,
        answers: { 200: answer(z.array(handleSuggestionSchema)) },
      }),
    },
    async (request) => {
      return { response: await handleSuggestions.suggest(request.viewer, request.query) };
    },
  );
}
