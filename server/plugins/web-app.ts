import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '../../contracts/errors';

/**
 * Serves the built React app and answers every other GET with index.html so client-side routes
 * (/allblog, /readblog?id=…) load directly. Unknown /api paths stay JSON 404s.
 */
export async function installWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  options: { serveSourceMaps: boolean },
): Promise<void> {
  const hasWebApp = webDir !== undefined && existsSync(join(webDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // Source maps show the original source; only an operator who asks (SERVE_SOURCE_MAPS=1)
      // publishes them. Refused paths fall through to the not-found handler below.
      allowedPath: (pathName) => options.serveSourceMaps || !pathName.endsWith('.map'),
      // Hashed file names under /assets never change, so browsers may keep them for a year.
      setHeaders(res, path) {
        if (path.includes(`${join(webDir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (an old tab asking for a chunk replaced by a redeploy) is a real 404, not
    // index.html served as JavaScript; only extension-less page paths fall back to the app.
    const looksLikeFile = path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
    if (hasWebApp && wantsPage && !looksLikeFile && !path.startsWith('/api/') && path !== '/api') {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ message: `Not found: ${request.method} ${path}` } satisfies ApiErrorBody);
  });
}
