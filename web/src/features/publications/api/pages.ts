import type { PageInput, PublicationPage } from '../../../../../contracts/publication-pages';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

const pagesPath = (slug: string) => `/api/publications/${encodeURIComponent(slug)}/pages`;
const pagePath = (slug: string, id: string) => `${pagesPath(slug)}/${encodeURIComponent(id)}`;

/** GET /api/publications/:slug/pages (owner, editors) → its pages, drafts too. */
export function listPages(slug: string, signal?: AbortSignal) {
  return unwrap(apiRequest<{ response: PublicationPage[] }>(pagesPath(slug), { auth: true, signal }));
}

/** GET /api/publications/:slug/pages/:id (owner, editors) → the page. */
export function getPage(slug: string, id: string, signal?: AbortSignal) {
  return unwrap(apiRequest<{ response: PublicationPage }>(pagePath(slug, id), { auth: true, signal }));
}

/** POST (new) or PUT (id) the whole page → the page; 409 with `slug` when the address is taken. */
export function savePage(slug: string, id: string | null, input: PageInput) {
  return unwrap(
    apiRequest<{ response: PublicationPage }>(id ? pagePath(slug, id) : pagesPath(slug), {
      method: id ? 'PUT' : 'POST',
      body: input,
      auth: true,
    }),
  );
}

/** DELETE /api/publications/:slug/pages/:id → 204. */
export function deletePage(slug: string, id: string) {
  return apiRequest<undefined>(pagePath(slug, id), { method: 'DELETE', auth: true });
}
