import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { jsonForScript } from '../../contracts/html-escape';
import type { PageData } from '../../contracts/page-data';
import type { PageRenderer, PageRendererOptions, RenderedPage } from '../../contracts/page-rendering';
import { SERVER_RENDER_STATE } from './app/app';
import { buildDocumentHead } from './lib/head/document-head';
import { HeadCollectorProvider, SiteProvider, type HeadCollector } from './lib/head/page-head';
import { serializeHead } from './lib/head/serialize-head';
import { pageSources } from './app/route-handle';
import { createRoutes, pagePaths } from './app/router';
import { createAppStore } from './app/store';
import { apiPageData } from './app/api-page-data';
import { configureApiClient } from './lib/api-client';
import { memoizeRecent } from '../../contracts/memo';
import { pageDataContextOf } from './lib/page-data';
import { appStorage, TOKEN_KEY } from './lib/storage';

/** How many rendered pages are remembered (a few tens of kilobytes each). */
const RECENT_PAGES = 300;

export { pagePaths };

/**
 * The browser's PageData (the API client over `fetch`), as the reader holding `token`, for
 * rendering a page both ways and comparing (tests/api/page-data.test.ts). The server never
 * renders with it: its loaders read the services (server/web/service-page-data.ts).
 */
export function apiPageDataFor({
  fetch,
  token,
}: {
  fetch: typeof globalThis.fetch;
  token: string | null;
}): PageData {
  configureApiClient({ baseUrl: '', fetch });
  if (token === null) appStorage.removeItem(TOKEN_KEY);
  else appStorage.setItem(TOKEN_KEY, token);
  return apiPageData;
}

/**
 * The web app on the server: the same routes and loaders as in the browser, answered
 * by React Router's static handler and rendered to HTML with the page's head and the data the
 * browser hydrates it with. The loaders read through the `PageData` each render is given: the
 * server's services (server/web/service-page-data.ts).
 */
export function createPageRenderer({ site }: PageRendererOptions): PageRenderer {
  const handler = createStaticHandler(createRoutes());
  // Nobody signs in on the server: one store with the visitor's state serves every render.
  const store = createAppStore(null);

  /*
   * Rendering is a pure function of the address and the loaders' data: the same page with the same
   * data renders to the same HTML. So the HTML of recent pages is kept, keyed by both; every
   * request still runs the loaders (and reads the database), and any change to the data makes a
   * new key. This is not the response cache: nothing is ever served that the data no longer says.
   */
  const renderHtml = (context: StaticHandlerContext) => {
    const router = createStaticRouter(handler.dataRoutes, context);
    const collector: HeadCollector = { head: null };
    const html = renderToString(
      <StrictMode>
        <SiteProvider site={site}>
          <HeadCollectorProvider collector={collector}>
            <Provider store={store} serverState={SERVER_RENDER_STATE}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Provider>
          </HeadCollectorProvider>
        </SiteProvider>
      </StrictMode>,
    );
    return { html, head: serializeHead(collector.head ?? buildDocumentHead({}, site)) };
  };
  const renderRecent = memoizeRecent(
    ({ context }: { key: string; context: StaticHandlerContext }) => renderHtml(context),
    ({ key }) => key,
    RECENT_PAGES,
  );

  return {
    async render(request: Request, data: PageData): Promise<RenderedPage> {
      const context = await handler.query(request, { requestContext: pageDataContextOf(data) });
      if (context instanceof Response) {
        return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
      }
      const modules = pageSources(context.matches.map((match) => match.route.handle));
      if (context.errors) {
        // A page whose loaders failed is rendered afresh in the browser, which also shows the
        // error the way it would after a client-side navigation.
        const { html, head } = renderHtml(context);
        return { kind: 'page', status: context.statusCode, head, html, hydration: null, modules };
      }
      const hydration = jsonForScript({
        site,
        router: { loaderData: context.loaderData, actionData: context.actionData },
      });
      const key = `${context.statusCode} ${request.url}\n${hydration}`;
      const { html, head } = renderRecent({ key, context });
      return { kind: 'page', status: context.statusCode, head, html, hydration, modules };
    },
  };
}
