import { apiRequest } from '../../../lib/api-client';

export interface CurrentUser {
  id: string;
  username: string;
}

/** GET /api/user/me (bearer) → {response: {id, username}}; a 401 ends the session (api client). */
export function getCurrentUser() {
  return apiRequest<{ response: CurrentUser }>('/api/user/me', { auth: true });
}
