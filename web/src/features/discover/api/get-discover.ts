import type { Discover } from '../../../../../contracts/discover';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/discover → the side panel's four sections. With the token (browser only), Who to
 * follow leaves out the reader and the writers they already follow.
 */
export function getDiscover(auth: boolean, signal?: AbortSignal): Promise<ApiResult<{ response: Discover }>> {
  return apiRequest<{ response: Discover }>('/api/discover', { auth, signal });
}
