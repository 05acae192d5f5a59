import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRendererModule } from '../../contracts/page-rendering';

/**
 * The web app's server entry, built by `vite build --ssr` into `ssrDir` (build/ssr beside
 * build/server.mjs). Undefined when there is none (the API run from source, as `npm run dev` does).
 */
export async function loadPages(ssrDir: string): Promise<PageRendererModule | undefined> {
  const entry = join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRendererModule;
}
