import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router';
import { HYDRATION_DATA_ID, type SiteInfo } from '../../contracts/page-rendering';
import { apiPageData } from './app/api-page-data';
import { App } from './app/app';
import { createRoutes, dataRoutes } from './app/router';
import { connectSession } from './app/session-wiring';
import { createAppStore } from './app/store';
import { provideBrowserPageData } from './lib/page-data';
import { appStorage, loadSession } from './lib/storage';
import './styles/global.css';

interface HydrationPayload {
  site: SiteInfo;
  router: HydrationState;
}

/** What the server rendered the page with, from its <script type="application/json"> block. */
function readHydrationPayload(): HydrationPayload | null {
  const text = document.getElementById(HYDRATION_DATA_ID)?.textContent;
  return text ? (JSON.parse(text) as HydrationPayload) : null;
}

/**
 * Hydration must render exactly the server's markup at once, so the code of the pages on screen
 * (lazy chunks, already preloaded by the HTML) is in place before the router starts.
 */
async function loadPagesOnScreen(tree: RouteObject[]): Promise<void> {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      const lazy = route.lazy;
      if (typeof lazy !== 'object' || !lazy.Component) return;
      route.Component = await lazy.Component();
      delete route.lazy;
    }),
  );
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const payload = readHydrationPayload();
  const routes = createRoutes();
  if (payload) await loadPagesOnScreen(routes);

  // Loaders read through the HTTP API here (contracts/page-data.ts, lib/page-data.ts).
  provideBrowserPageData(apiPageData);
  const router = createBrowserRouter([...routes, ...dataRoutes], {
    ...(payload ? { hydrationData: payload.router } : {}),
  });
  const store = createAppStore(loadSession(appStorage));
  connectSession(store, router);
  // Without the server (npm run dev, or a page it could not render) the app renders from scratch.
  const site = payload?.site ?? { name: 'Inkwell', publicUrl: window.location.origin };
  const app = <App router={router} store={store} site={site} hydrated={payload !== null} />;
  // Hydrating in a transition lets React yield to the browser every few milliseconds: the page is
  // on screen already, and a reader's tap meanwhile is answered at once (React hydrates what it
  // lands on first) rather than after one long task over the whole page.
  if (payload)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

void start();
