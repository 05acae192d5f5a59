import type { Account } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { rememberHandle, rememberOperatorStatus } from '../operator-status';

export type CurrentUser = Account;

/**
 * GET /api/user/me (bearer) → {response: {id, username, email, bio, image, isOperator}}; a 401 ends
 * the session (api client). Whether the account is an operator, and its handle, are remembered for
 * the account menu.
 */
export async function getCurrentUser() {
  const result = await apiRequest<{ response: CurrentUser }>('/api/user/me', { auth: true });
  if (result.ok) {
    const { id, isOperator, handle } = result.data.response;
    rememberOperatorStatus(id, isOperator);
    rememberHandle(id, handle);
  }
  return result;
}
