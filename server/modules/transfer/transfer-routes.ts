import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../lib/authenticator';
import type { RateLimiter } from '../../lib/rate-limiter';
import { exportArchive, type ExportSources } from './export-archive';
import { rawAnswer, routeSchema } from '../../openapi/route-schema';

export const TOO_MANY_EXPORTS_MESSAGE =
  'You have asked for your data several times already. Please try again later.';

/** `inkwell-<name>-<yyyy-mm-dd>.zip`, the name in ASCII so every browser keeps it. */
function archiveName(username: string, day: string): string {
  const name = username
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `inkwell-${name || 'export'}-${day}.zip`;
}

/** Issue 14 §4: a user takes everything they wrote with them. */
export function registerTransferRoutes(
  app: FastifyInstance,
  deps: { auth: Authenticator; sources: ExportSources; exportsByUser: RateLimiter },
): void {
  const { auth, sources, exportsByUser } = deps;

  app.get(
    '/api/user/export',
    {
      schema: routeSchema({
        summary: 'Download everything the account wrote',
        description: 'A zip: posts as Markdown with front matter, pictures, comments. 429 past 10 an hour.',
        tag: 'Accounts',
        access: 'token',
        answers: { 200: rawAnswer('A zip archive.', 'application/zip') },
      }),
    },
    async (request, reply) => {
      const viewer = await auth.require(request);
      // Each export reads every post and picture of the account: a few a day is plenty.
      await exportsByUser.spend(viewer.id, TOO_MANY_EXPORTS_MESSAGE);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archiveName(viewer.username, day)}"`)
        .header('cache-control', 'no-store')
        .send(exportArchive(sources, viewer));
    },
  );
}
