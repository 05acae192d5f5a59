import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '../../contracts/errors';
import type { PageData } from '../../contracts/page-data';
import type { PageRenderer, PageRendererModule } from '../../contracts/page-rendering';
import type { Authenticator, Viewer } from '../modules/accounts/authenticator';
import { cacheableRead } from '../lib/response-cache';
import { PREVIEW_PATH } from '../../contracts/post-previews';
import { embedFrameOrigins, withFrameSources } from '../web/embed-frames';
import { HtmlDocument } from '../web/html-document';
import { SECURITY_HEADERS } from './security';
import { PageAssets } from '../web/page-assets';
import { servicePageData, type PageDataServices } from '../web/service-page-data';
import { servePublicFile } from '../lib/public-files';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the pages read, as `viewer` (server/web/service-page-data.ts). */
    pageData(viewer: Viewer | null, log: FastifyBaseLogger): PageData;
  }
}

export interface WebAppOptions {
  /** The built web app (index.html, assets); the API alone is served when it does not exist. */
  webDir: string | undefined;
  /** The web app's server entry; without it, pages are index.html for the browser to render. */
  pages: PageRendererModule | undefined;
  publicUrl: string;
  /** BASE_DOMAIN, for the app's links to publications' sites. */
  baseDomain?: string | undefined;
  /** What the pages' loaders read, straight from the services (server/web/service-page-data.ts). */
  services: PageDataServices;
  /** Resolves a page request's viewer as the API does. */
  auth: Authenticator;
  /** Source maps show the original source; only an operator who asks (SERVE_SOURCE_MAPS=1) publishes them. */
  serveSourceMaps: boolean;
}

/**
 * The public pages and the query parameters their loaders read (the loaders under web/src/features):
 * the same HTML for every visitor without a token, since the server always renders the visitor's
 * view and builds links from PUBLIC_URL. The response cache keeps them keyed on these parameters,
 * and the page is rendered from them alone, so `&utm_source=…` neither makes a new entry nor
 * reaches the HTML.
 */
export const PUBLIC_PAGE_QUERIES: Readonly<Record<string, readonly string[]>> = {
  '/': [],
  '/allblog': ['tab'],
  '/readblog': ['id'],
  '/profile': ['userId'],
  '/tag': ['name'],
  '/search': ['q'],
};

/**
 * Pages whose address holds a secret (a preview link's token, decision 75): kept by no shared
 * cache, never indexed, and never sent on as a Referer by a link on them.
 */
const PRIVATE_PAGES: ReadonlySet<string> = new Set([PREVIEW_PATH]);

/** For files whose name holds a hash of their content: a new version is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A missing file (an old tab asking for a chunk replaced by a redeploy) is a plain 404, never a page. */
function looksLikeFile(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path);
}

/**
 * Serves the built web app: hashed assets from disk, and every page rendered on the server by the
 * web app's own routes, with its real status. Unknown /api paths stay
 * JSON 404s and missing files plain 404s.
 */
export async function installWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDir, pages } = options;
  app.decorate('pageData', (viewer: Viewer | null, log: FastifyBaseLogger) =>
    servicePageData(options.services, viewer, log),
  );
  const indexFile = webDir === undefined ? undefined : join(webDir, 'index.html');
  const hasWebApp = indexFile !== undefined && existsSync(indexFile);
  if (webDir !== undefined && hasWebApp) {
    const assetsDir = join(webDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // index.html is the template pages are rendered into, not a page of its own. Refused paths
      // fall through to the not-found handling below.
      allowedPath: (path) => path !== '/index.html' && (options.serveSourceMaps || !path.endsWith('.map')),
      // The build writes a Brotli and a gzip copy beside every text file (vite.config.ts); they are
      // sent as they are to clients that accept them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, path) {
        // Every file here is public; publications' sites, at other origins, use the icons. The
        // page template (sent as the page when no renderer is built) is a page, not a file.
        // (Its compressed copies too: index.html.br, index.html.gz.)
        if (path !== indexFile && !path.startsWith(`${indexFile}.`)) servePublicFile(res);
        // Hashed file names under /assets never change, so browsers may keep them for a year.
        if (path.startsWith(assetsDir)) {
          res.header('cache-control', IMMUTABLE);
        }
      },
    });
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.code(404).send({ message: `Not found: ${request.method} ${path}` } satisfies ApiErrorBody);
  };

  if (webDir !== undefined && indexFile !== undefined && hasWebApp && pages) {
    const renderer = pages.createPageRenderer({
      site: { name: 'Inkwell', publicUrl: options.publicUrl, baseDomain: options.baseDomain },
    });
    const document = new HtmlDocument(readFileSync(indexFile, 'utf8'));
    const assets = PageAssets.fromFile(join(webDir, '.vite', 'manifest.json'));
    const renderPage = pageHandler(app, renderer, document, assets, options);
    for (const path of pages.pagePaths) {
      // A dynamic page (/@handle's `:at`) is left to the catch-all below: as a route of its own it
      // would also take a missing file's address (/old-chunk.js) from the plain 404.
      if (path.includes(':')) continue;
      const route = `/${path}`;
      const query = PUBLIC_PAGE_QUERIES[route];
      // Pages are HTML for people, not part of the API's reference.
      if (query) app.get(route, { ...cacheableRead(...query), schema: { hide: true } }, renderPage);
      else app.get(route, { schema: { hide: true } }, renderPage);
    }
    // Any other address is a page too, the not-found page with its 404; API paths and files are not.
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (isApiPath(path) || looksLikeFile(path)) return notFound(request, reply);
      return renderPage(request, reply);
    });
    app.setNotFoundHandler(notFound);
    return;
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasWebApp && wantsPage && !looksLikeFile(path) && !isApiPath(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return notFound(request, reply);
  });
}

function pageHandler(
  app: FastifyInstance,
  renderer: PageRenderer,
  document: HtmlDocument,
  assets: PageAssets,
  { publicUrl, auth }: WebAppOptions,
) {
  // The page's address is built on PUBLIC_URL's origin: a Host header never reaches a link.
  const origin = new URL(publicUrl).origin;
  const basePolicy = SECURITY_HEADERS['content-security-policy']!;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (PRIVATE_PAGES.has(request.routeOptions.url ?? '')) {
      reply
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex');
    }
    let page;
    try {
      // The loaders read the services as this request's viewer: nobody for a browser, whose
      // session stays in its local storage, so its page is the visitor's (and cacheable).
      const data = app.pageData(await auth.optional(request), request.log);
      page = await renderer.render(new Request(`${origin}${renderedAddress(request)}`), data);
    } catch (error) {
      // A page that cannot be rendered here is still an HTML page: the browser renders it afresh.
      request.log.error({ err: error }, 'page rendering failed');
      return reply
        .code(500)
        .send(document.render({ head: '<title>Inkwell</title>', assets: '', html: '', hydration: null }));
    }
    if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
    // A page showing embeds lets their providers' frames in, those alone (decision 81); the frame
    // comes only when the reader asks for it.
    const frames = embedFrameOrigins(page.html);
    if (frames.length > 0) reply.header('content-security-policy', withFrameSources(basePolicy, frames));
    return reply.code(page.status).send(
      document.render({
        head: page.head,
        assets: assets.links(page.modules),
        html: page.html,
        hydration: page.hydration,
      }),
    );
  };
}

/**
 * The address a page is rendered from. A cacheable page is rendered from its declared parameters
 * only (the response cache has already narrowed request.query to them), so the HTML kept for a key
 * can never carry what another request added to its address.
 */
function renderedAddress(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '/';
  if (!request.routeOptions.config?.responseCache) return request.url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') search.append(name, item);
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
