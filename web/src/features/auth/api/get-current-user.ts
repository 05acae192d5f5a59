import type { Account } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { rememberOperatorStatus } from '../operator-status';

export type CurrentUser = Account;

/**
 * GET /api/user/me (bearer) → {response: {id, username, email, bio, image, isOperator}}; a 401 ends
 * the session (api client). Whether the account is an operator is remembered for the account menu.
 */
export async function getCurrentUser() {
  const result = await apiRequest<{ response: CurrentUser }>('/api/user/me', { auth: true });
  if (result.ok) rememberOperatorStatus(result.data.response.id, result.data.response.isOperator);
  return result;
}
