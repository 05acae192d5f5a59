import { createContext, RouterContextProvider } from 'react-router';
import type { PageData } from '../../../contracts/page-data';

/**
 * Where a loader finds its data (contracts/page-data.ts). On the server: the request's router
 * context, filled by entry-server.tsx with the services (handed in by server/plugins/web-app.ts),
 * since one process renders many readers' pages at once. In the browser: the one API client,
 * provided once by entry-client.tsx. Loaders never call fetch.
 *
 * Not the browser router's `getContext`: React Router awaits it at the start of every navigation,
 * and in that moment the navigation is not yet "loading", so a revalidation asked for at once (a
 * sign-in does both: GuestOnly navigates on, the session wiring revalidates) starts over on the
 * page being left and drops the navigation.
 */
const pageDataContext = createContext<PageData | null>(null);

let browserPageData: PageData | null = null;

/** The browser's page data, for every loader (entry-client.tsx, once, before the router starts). */
export function provideBrowserPageData(data: PageData): void {
  browserPageData = data;
}

/** The router context that hands `data` to every loader of one server render. */
export function pageDataContextOf(data: PageData): RouterContextProvider {
  return new RouterContextProvider(new Map([[pageDataContext, data]]));
}

/** The page data of a loader's call (its `context` argument, or the browser's). */
export function pageDataOf({ context }: { context: unknown }): PageData {
  const data =
    (context instanceof RouterContextProvider ? context.get(pageDataContext) : null) ?? browserPageData;
  if (!data) throw new Error('No page data was provided to the router');
  return data;
}
