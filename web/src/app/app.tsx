import { StrictMode, useEffect } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import type { SiteInfo } from '../../../contracts/page-rendering';
import { initialAuthState } from '../features/auth/auth-slice';
import { SiteProvider } from '../lib/head/page-head';
import type { AppRouter } from './router-types';
import { loadReaderData } from './session-wiring';
import type { AppStore, RootState } from './store';

/**
 * The state the server renders with: nobody signed in, since the session lives in the browser's
 * local storage. Hydration reads this instead of the store, so it matches the server's markup;
 * React renders the stored session right after.
 */
export const SERVER_RENDER_STATE: RootState = {
  auth: initialAuthState,
  sessionNotice: { message: null, showOn: null, signedOutAt: null },
};

export interface AppProps {
  router: AppRouter;
  store: AppStore;
  site: SiteInfo;
  /** The page came from the server: once it is hydrated, the reader's own data is loaded. */
  hydrated: boolean;
}

let readerDataLoaded = false;

export function App({ router, store, site, hydrated }: AppProps) {
  useEffect(() => {
    if (!hydrated || readerDataLoaded) return;
    readerDataLoaded = true;
    loadReaderData(store, router);
  }, [hydrated, store, router]);

  // React has taken the page over (hydrated or rendered it): from here on a click or a key does
  // what it says. The browser tests wait for this mark after every load (e2e/support/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);

  return (
    <StrictMode>
      <SiteProvider site={site}>
        <Provider store={store} serverState={SERVER_RENDER_STATE}>
          <RouterProvider router={router} />
        </Provider>
      </SiteProvider>
    </StrictMode>
  );
}
