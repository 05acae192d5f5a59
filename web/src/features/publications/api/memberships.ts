import type { Membership } from '../../../../../contracts/publications';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/user/publications (bearer) → the writer's memberships, their own blog first. A module
 * of its own: the editor and the profile need it without the rest of the publications API.
 */
export async function listMemberships(signal?: AbortSignal) {
  const result = await apiRequest<{ response: Membership[] }>('/api/user/publications', {
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}
