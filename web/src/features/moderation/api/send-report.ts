import type { MessageResponse } from '../../../../../contracts/auth';
import type { CreateReportInput } from '../../../../../contracts/moderation';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/reports (bearer) {target, reason, note?} → 201 {message} */
export function sendReport(input: CreateReportInput) {
  return apiRequest<MessageResponse>('/api/reports', { method: 'POST', body: input, auth: true });
}
