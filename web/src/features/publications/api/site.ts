import type { SiteChromeInput, SiteLookInput, SiteSettings } from '../../../../../contracts/publication-site';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

async function unwrap<T>(pending: Promise<ApiResult<{ response: T }>>): Promise<ApiResult<T>> {
  const result = await pending;
  return result.ok ? { ok: true, data: result.data.response } : result;
}

const sitePath = (slug: string) => `/api/publications/${encodeURIComponent(slug)}/site`;

/** GET /api/publications/:slug/site (public) → its site's navigation and footer. */
export function getSiteSettings(slug: string, signal?: AbortSignal) {
  return unwrap(apiRequest<{ response: SiteSettings }>(sitePath(slug), { signal }));
}

/** PUT /api/publications/:slug/site (owner) {nav, footer} → the saved settings; errors by `nav.N.field`. */
export function saveSiteChrome(slug: string, input: SiteChromeInput) {
  return unwrap(
    apiRequest<{ response: SiteSettings }>(sitePath(slug), { method: 'PUT', body: input, auth: true }),
  );
}

/** PUT /api/publications/:slug/site/look (owner) {layout, coverId} → the saved settings. */
export function saveSiteLook(slug: string, input: SiteLookInput) {
  return unwrap(
    apiRequest<{ response: SiteSettings }>(`${sitePath(slug)}/look`, {
      method: 'PUT',
      body: input,
      auth: true,
    }),
  );
}
