import type { SignUpInput, SignUpResponse } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/signup {username, email, password} → 201 {jwt, userId, username} */
export function signUp(input: SignUpInput) {
  return apiRequest<SignUpResponse>('/api/user/signup', { method: 'POST', body: input });
}
