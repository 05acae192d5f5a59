import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { signInSchema, signUpSchema, userUpdateSchema } from '../../../contracts/auth';
import type { Authenticator } from '../../lib/authenticator';
import { parseInput } from '../../lib/validation';
import type { UsersService } from './users-service';

export const userIdQuerySchema = z.object({
  userId: z
    .string({ error: 'userId is required' })
    .trim()
    .min(1, 'userId is required')
    .max(64, 'userId is too long'),
});

/** HTTP for accounts (SPEC §7): translates requests to the users service and back. */
export function registerUserRoutes(
  app: FastifyInstance,
  deps: { users: UsersService; auth: Authenticator },
): void {
  const { users, auth } = deps;

  app.post('/api/user/signup', async (request, reply) => {
    const input = parseInput(signUpSchema, request.body);
    const result = await users.signUp(input, request.ip);
    return reply.code(201).send(result);
  });

  app.post('/api/user/signin', async (request) => {
    const input = parseInput(signInSchema, request.body);
    return users.signIn(input, request.ip);
  });

  app.put('/api/user/userupdate', async (request) => {
    const viewer = await auth.require(request);
    const input = parseInput(userUpdateSchema, request.body);
    return users.update(viewer, input);
  });

  // Not in the spec: lets the web app find out on load that a stored token is no longer valid
  // (expired, or revoked by a password change elsewhere) before the reader acts (PRODUCT fix 8).
  app.get('/api/user/me', async (request) => {
    const viewer = await auth.require(request);
    return { response: { id: viewer.id, username: viewer.username } };
  });

  app.get('/api/user/profile', async (request) => {
    const { userId } = parseInput(userIdQuerySchema, request.query);
    const viewer = await auth.optional(request);
    return { response: await users.profile(userId, viewer) };
  });
}
