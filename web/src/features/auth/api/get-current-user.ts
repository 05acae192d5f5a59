import type { Account } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export type CurrentUser = Account;

/** GET /api/user/me (bearer) → {response: {id, username, email}}; a 401 ends the session (api client). */
export function getCurrentUser() {
  return apiRequest<{ response: CurrentUser }>('/api/user/me', { auth: true });
}
