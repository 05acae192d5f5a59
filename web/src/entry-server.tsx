import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PageRenderer, PageRendererOptions, RenderedPage } from '../../contracts/page-rendering';
import { SERVER_RENDER_STATE } from './app/app';
import { buildDocumentHead } from './app/head/document-head';
import { HeadCollectorProvider, SiteProvider, type HeadCollector } from './app/head/page-head';
import { serializeHead } from './app/head/serialize-head';
import { pageSources } from './app/route-handle';
import { createRoutes, pagePaths } from './app/router';
import { createAppStore } from './app/store';
import { configureApiClient } from './lib/api-client';

export { pagePaths };

/**
 * The web app on the server (issue 8 §1): the same routes and loaders as in the browser, answered
 * by React Router's static handler and rendered to HTML with the page's head and the data the
 * browser hydrates it with. Every page is the visitor's view: the session lives in the browser.
 */
export function createPageRenderer({ site, fetch }: PageRendererOptions): PageRenderer {
  // Loaders call the API through the same client as in the browser, in-process on the server.
  configureApiClient({ baseUrl: '', fetch });
  const handler = createStaticHandler(createRoutes());
  // Nobody signs in on the server: one store with the visitor's state serves every render.
  const store = createAppStore(null);

  return {
    async render(request: Request): Promise<RenderedPage> {
      const context = await handler.query(request);
      if (context instanceof Response) {
        return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
      }
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
      return {
        kind: 'page',
        status: context.statusCode,
        head: serializeHead(collector.head ?? buildDocumentHead({}, site)),
        html,
        // A page whose loaders or rendering failed is rendered afresh in the browser, which also
        // shows the error the way it would after a client-side navigation.
        hydration: context.errors
          ? null
          : { site, router: { loaderData: context.loaderData, actionData: context.actionData } },
        modules: pageSources(context.matches.map((match) => match.route.handle)),
      };
    },
  };
}
