import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { blockServerSchema, serverHostSchema, type BlockedServer } from '../../../contracts/social-web';
import { agrees } from '../../openapi/agrees';
import { answer, messageAnswer } from '../../openapi/answers';
import { declareRoute } from '../../openapi/route-schema';
import type { ServerBlocksService } from './server-blocks-service';

const blockedServerSchema = z
  .strictObject({
    host: z.string().describe('The server’s name, with its port if it has one, lower-cased.'),
    createdAt: z.string().describe('When it was blocked.'),
  })
  .meta({ id: 'BlockedServer' });
agrees<z.output<typeof blockedServerSchema>, BlockedServer>();

/** The operator's blocks of whole servers on the social web (decision 0084). */
export function registerServerBlocksRoutes(
  app: FastifyInstance,
  deps: { servers: ServerBlocksService },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/social-web/blocked-servers',
    {
      schema: declareRoute({
        summary: 'Servers blocked on the social web',
        description: 'By name. Nothing from them is taken and nothing goes to them.',
        tag: 'Moderation',
        access: 'operator',
        answers: { 200: answer(z.array(blockedServerSchema)) },
      }),
    },
    async () => ({ response: await deps.servers.list() }),
  );

  api.post(
    '/api/admin/social-web/blocked-servers',
    {
      schema: declareRoute({
        summary: 'Block a server on the social web',
        description:
          'Every activity from it is refused at the inboxes (403, by the host of its signature’s key), its followers and its likes and boosts are removed and deliveries to it stop. Its comments already here stay for the ordinary moderation. Blocking it again changes nothing.',
        tag: 'Moderation',
        access: 'operator',
        body: blockServerSchema,
        bodyExample: { host: 'spam.example' },
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      await deps.servers.block(request.body.host);
      return { message: `${request.body.host} is blocked` };
    },
  );

  api.delete(
    '/api/admin/social-web/blocked-servers',
    {
      schema: declareRoute({
        summary: 'Unblock a server on the social web',
        description:
          'Its activities are taken again; what the block removed (followers, likes) does not come back. 404 when it is not blocked.',
        tag: 'Moderation',
        access: 'operator',
        querystring: z.strictObject({ host: serverHostSchema }),
        answers: { 200: messageAnswer },
      }),
    },
    async (request) => {
      await deps.servers.unblock(request.query.host);
      return { message: `${request.query.host} is no longer blocked` };
    },
  );
}
