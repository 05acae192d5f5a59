import { createContext, RouterContextProvider } from 'react-router';
import type { PageData } from '../../../contracts/page-data';

/**
 * Where a loader finds its data (contracts/page-data.ts): the router's context, filled once at
 * each entry — the API client in the browser (entry-client.tsx), the services on the server
 * (entry-server.tsx, handed in by server/plugins/web-app.ts). Loaders never call fetch.
 */
const pageDataContext = createContext<PageData>();

/** The router context that hands `data` to every loader. */
export function pageDataContextOf(data: PageData): RouterContextProvider {
  return new RouterContextProvider(new Map([[pageDataContext, data]]));
}

/** The page data of a loader's call (its `context` argument). */
export function pageDataOf({ context }: { context: unknown }): PageData {
  if (!(context instanceof RouterContextProvider)) throw new Error('the router was made without page data');
  return context.get(pageDataContext);
}
