import type { DeleteAccountInput, EmailChangeInput, MessageResponse } from '../../../../../contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { apiDownload } from '../../../lib/api-download';

/** POST /api/user/email (bearer) {email, currentPassword} → 202 {message}: a link goes to the new address. */
export function requestEmailChange(input: EmailChangeInput) {
  return apiRequest<MessageResponse>('/api/user/email', { method: 'POST', body: input, auth: true });
}

/** POST /api/user/signout-everywhere (bearer) → 200 {message}: every token of the account stops working. */
export function signOutEverywhere() {
  return apiRequest<MessageResponse>('/api/user/signout-everywhere', {
    method: 'POST',
    body: {},
    auth: true,
  });
}

/** POST /api/user/delete (bearer) {password, content} → 200 {message} */
export function deleteAccount(input: DeleteAccountInput) {
  return apiRequest<MessageResponse>('/api/user/delete', { method: 'POST', body: input, auth: true });
}

/** GET /api/user/export (bearer) → 200 application/zip: everything the account wrote. */
export function downloadExport() {
  return apiDownload('/api/user/export', { auth: true });
}
