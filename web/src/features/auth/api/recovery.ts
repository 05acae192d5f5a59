import type {
  ConfirmEmailInput,
  ForgotPasswordInput,
  MessageResponse,
  ResetPasswordInput,
} from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/password/forgot {email} → 202 {message}, the same whether or not it is registered. */
export function requestPasswordReset(input: ForgotPasswordInput) {
  return apiRequest<MessageResponse>('/api/user/password/forgot', { method: 'POST', body: input });
}

/** POST /api/user/password/reset {token, password} → 200 {message} */
export function resetPassword(input: ResetPasswordInput) {
  return apiRequest<MessageResponse>('/api/user/password/reset', { method: 'POST', body: input });
}

/** POST /api/user/email/confirm {token} → 200 {message, email} */
export function confirmEmail(input: ConfirmEmailInput) {
  return apiRequest<MessageResponse & { email: string }>('/api/user/email/confirm', {
    method: 'POST',
    body: input,
  });
}
