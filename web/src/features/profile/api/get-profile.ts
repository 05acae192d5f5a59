import type { Profile, ProfileResponse } from '../../../../../contracts/auth';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/**
 * GET /api/user/profile?userId= → {response: Profile}. The bearer is optional and only adds
 * `following`, so it is sent when there is one.
 */
export function getProfile(userId: string, signal?: AbortSignal): Promise<ApiResult<Profile>> {
  return readProfile({ userId }, signal);
}

/** GET /api/user/profile?handle= → the /@handle page's profile. */
export function getProfileByHandle(handle: string, signal?: AbortSignal): Promise<ApiResult<Profile>> {
  return readProfile({ handle }, signal);
}

async function readProfile(
  query: { userId: string } | { handle: string },
  signal?: AbortSignal,
): Promise<ApiResult<Profile>> {
  const result = await apiRequest<ProfileResponse>('/api/user/profile', { query, auth: true, signal });
  return result.ok ? { ok: true, data: result.data.response } : result;
}
