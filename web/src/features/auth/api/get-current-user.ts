import type { Dispatch } from 'redux';
import type { Account } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { rememberHandle, rememberOperatorStatus } from '../operator-status';
import { applyAccountAvatar } from '../session';

export type CurrentUser = Account;

/**
 * GET /api/user/me (bearer) → {response: {id, username, email, bio, image, picture, isOperator}};
 * a 401 ends the session (api client). Whether the account is an operator, and its handle, are
 * remembered for the account menu; its picture is stored and shown on the menu's button
 * (decision 0086), so every read of the account keeps the header true.
 */
export async function getCurrentUser(dispatch: Dispatch) {
  const result = await apiRequest<{ response: CurrentUser }>('/api/user/me', { auth: true });
  if (result.ok) {
    const { id, isOperator, handle, picture, image } = result.data.response;
    rememberOperatorStatus(id, isOperator);
    rememberHandle(id, handle);
    applyAccountAvatar(dispatch, id, { picture, image });
  }
  return result;
}
