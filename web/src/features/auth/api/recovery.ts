import type {
  ConfirmEmailInput,
  ForgotPasswordInput,
  MessageResponse,
  ResetPasswordInput,
  UndoChangeInput,
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

/**
 * POST /api/user/email/confirm {token} → 200 {message, email, jwt?}. Sent with this browser's
 * token, if any: confirming ends every session, and the account's own browser gets a new `jwt`.
 */
export function confirmEmail(input: ConfirmEmailInput) {
  return apiRequest<MessageResponse & { email: string; jwt?: string }>('/api/user/email/confirm', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** POST /api/user/undo {token} → 200 {message}: the link in a password or email change's notice. */
export function undoChange(input: UndoChangeInput) {
  return apiRequest<MessageResponse>('/api/user/undo', { method: 'POST', body: input });
}
