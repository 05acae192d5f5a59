/**
 * What the server and the web app's server entry (web/src/entry-server.tsx, built by Vite) agree
 * on: the server hands each page request to the renderer, which answers with the page's parts.
 */

import type { PageData } from './page-data';

/** The site, as every page needs it: the canonical base is PUBLIC_URL, never the Host header. */
export interface SiteInfo {
  name: string;
  /** Absolute, without a trailing slash. */
  publicUrl: string;
  /** BASE_DOMAIN, when publications' sites are its sub-domains (links to them: publicationSiteUrl). */
  baseDomain?: string | undefined;
}

export type RenderedPage =
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>, every value escaped: title, description, canonical, Open Graph, JSON-LD… */
      head: string;
      /** The markup inside #root. */
      html: string;
      /**
       * What the browser needs to hydrate exactly this markup (the routes' loader data), as JSON
       * already escaped for a <script type="application/json"> block; null when the page must be
       * rendered afresh in the browser instead.
       */
      hydration: string | null;
      /** The source files of the page modules shown, as Vite's manifest names them (their chunks). */
      modules: string[];
    }
  | { kind: 'redirect'; status: number; location: string };

export interface PageRenderer {
  /** Renders the page `request` names, its loaders reading through `data`. */
  render(request: Request, data: PageData): Promise<RenderedPage>;
}

export interface PageRendererOptions {
  site: SiteInfo;
}

/** The server entry's exports. */
export interface PageRendererModule {
  createPageRenderer(options: PageRendererOptions): PageRenderer;
  /** The browser's PageData over `fetch`, as the reader holding `token`: to compare with the server's. */
  apiPageDataFor(options: { fetch: typeof fetch; token: string | null }): PageData;
  /** The first segment of every page address the app routes, e.g. 'allblog' ('' for the home page). */
  pagePaths: readonly string[];
}

/** The id of the <script type="application/json"> block that carries `hydration`. */
export const HYDRATION_DATA_ID = 'app-data';
