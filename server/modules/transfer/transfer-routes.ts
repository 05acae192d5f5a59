import type { FastifyInstance } from 'fastify';
import type { RateLimiter } from '../../lib/rate-limiter';
import { exportArchive, type ExportSources } from './export-archive';
import { rawAnswer, declareRoute } from '../../openapi/route-schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

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

/** Export (decision 37): a user takes everything they wrote with them. */
export function registerTransferRoutes(
  app: FastifyInstance,
  deps: { sources: ExportSources; exportsByUser: RateLimiter },
): void {
  const { sources, exportsByUser } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/user/export',
    {
      schema: declareRoute({
        summary: 'Download everything the account wrote',
        description: 'A zip: posts as Markdown with front matter, pictures, comments. 429 past 10 an hour.',
        tag: 'Accounts',
        access: 'token',
        answers: { 200: rawAnswer('A zip archive.', 'application/zip') },
      }),
    },
    async (request, reply) => {
      // Each export reads every post and picture of the account: a few a day is plenty.
      await exportsByUser.spend(request.viewer.id, TOO_MANY_EXPORTS_MESSAGE);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archiveName(request.viewer.username, day)}"`)
        .header('cache-control', 'no-store')
        .send(exportArchive(sources, request.viewer));
    },
  );
}
