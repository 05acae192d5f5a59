import type { SignInInput, SignInResponse } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/signin {email, password} → 200 {jwt, username, id} */
export function signIn(input: SignInInput) {
  return apiRequest<SignInResponse>('/api/user/signin', { method: 'POST', body: input });
}
