import type { UserUpdateInput, UserUpdateResponse } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/user/userupdate (bearer) {username?, password?} → 200 {jwt, username, id} */
export function updateUser(input: UserUpdateInput) {
  return apiRequest<UserUpdateResponse>('/api/user/userupdate', { method: 'PUT', body: input, auth: true });
}
