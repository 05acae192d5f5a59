import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteHandle } from './route-handle';

type PageModule = Record<string, unknown>;

/* Every page is its own chunk, found here by its file name (features/<feature>/pages/<name>.tsx). */
const pageModules = import.meta.glob<PageModule>('../features/*/pages/*-page.tsx');

/**
 * A route's lazily loaded page. Its source file, as Vite's manifest names it, goes into the route's
 * handle, so the server can link the page's chunk and stylesheet in the HTML it renders (the page
 * is then ready to hydrate, and styled before any script runs).
 */
export function lazyPage(
  file: string,
  exportName: string,
  handleExtra: Omit<RouteHandle, 'source'> = {},
): Pick<RouteObject, 'lazy' | 'handle'> {
  const load = pageModules[`../features/${file}.tsx`];
  if (!load) throw new Error(`No page module web/src/features/${file}.tsx`);
  const handle: RouteHandle = { ...handleExtra, source: `src/features/${file}.tsx` };
  return {
    handle,
    lazy: {
      Component: async () => {
        const page = (await load())[exportName];
        if (typeof page !== 'function') throw new Error(`${file} has no page named ${exportName}`);
        return page as ComponentType;
      },
    },
  };
}
