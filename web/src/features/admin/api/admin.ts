import type { MessageResponse } from '../../../../../contracts/auth';
import type {
  InstanceFigures,
  ModeratedUser,
  ModerationLogEntry,
  Report,
  ReportState,
  StaffPick,
  TargetKind,
  Testimonial,
  TestimonialsInput,
} from '../../../../../contracts/moderation';
import type { Page } from '../../../../../contracts/posts';
import type { BlockedServer } from '../../../../../contracts/social-web';
import { apiRequest, type ApiResult } from '../../../lib/api-client';

/** `{response: T}` answers, unwrapped for useApiResource. */
async function read<T>(path: string, signal?: AbortSignal, query?: Record<string, string | null>) {
  const result = await apiRequest<{ response: T }>(path, { auth: true, signal, ...(query ? { query } : {}) });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** GET /api/admin/figures (operator) → {response: InstanceFigures}; 403 for anyone else. */
export const getFigures = (signal?: AbortSignal) => read<InstanceFigures>('/api/admin/figures', signal);

/** GET /api/admin/reports?state=&cursor= (operator) → a page of reports, newest first. */
export function listReports(state: ReportState, cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<Report>>('/api/admin/reports', { auth: true, signal, query: { state, cursor } });
}

/** POST /api/admin/reports/:id/resolve|dismiss (operator) → {message} */
export function settleReport(id: string, outcome: 'resolve' | 'dismiss') {
  return apiRequest<MessageResponse>(`/api/admin/reports/${encodeURIComponent(id)}/${outcome}`, {
    method: 'POST',
    auth: true,
  });
}

const targetPath = (kind: TargetKind, id: string) =>
  `/api/admin/${kind === 'post' ? 'posts' : 'comments'}/${encodeURIComponent(id)}`;

/** POST /api/admin/posts|comments/:id/hide|restore (operator) {reason?} → {message} */
export function moderateTarget(kind: TargetKind, id: string, action: 'hide' | 'restore', reason?: string) {
  return apiRequest<MessageResponse>(`${targetPath(kind, id)}/${action}`, {
    method: 'POST',
    body: reason ? { reason } : {},
    auth: true,
  });
}

/** DELETE /api/admin/posts|comments/:id (operator) → {message} */
export function deleteTarget(kind: TargetKind, id: string) {
  return apiRequest<MessageResponse>(targetPath(kind, id), { method: 'DELETE', auth: true });
}

/** GET /api/admin/users?q=&cursor= (operator) → a page of accounts by name. */
export function listUsers(q: string, cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<ModeratedUser>>('/api/admin/users', { auth: true, signal, query: { q, cursor } });
}

/** POST /api/admin/users/:username/suspend|reinstate (operator) {reason?} → {message} */
export function changeSuspension(username: string, change: 'suspend' | 'reinstate', reason?: string) {
  return apiRequest<MessageResponse>(`/api/admin/users/${encodeURIComponent(username)}/${change}`, {
    method: 'POST',
    body: reason ? { reason } : {},
    auth: true,
  });
}

/** GET /api/admin/log?cursor= (operator) → a page of the audit log, newest first. */
export function listLog(cursor: string | null, signal?: AbortSignal) {
  return apiRequest<Page<ModerationLogEntry>>('/api/admin/log', { auth: true, signal, query: { cursor } });
}

export const getStaffPicks = (signal?: AbortSignal) => read<StaffPick[]>('/api/admin/staff-picks', signal);

/** PUT /api/admin/staff-picks (operator) {postIds} → {response: StaffPick[]} */
export async function setStaffPicks(postIds: string[]): Promise<ApiResult<StaffPick[]>> {
  const result = await apiRequest<{ response: StaffPick[] }>('/api/admin/staff-picks', {
    method: 'PUT',
    body: { postIds },
    auth: true,
  });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

export const getTestimonials = (signal?: AbortSignal) =>
  read<Testimonial[]>('/api/admin/testimonials', signal);

/** PUT /api/admin/testimonials (operator) {testimonials} → {response: Testimonial[]} */
export async function setTestimonials(input: TestimonialsInput): Promise<ApiResult<Testimonial[]>> {
  const result = await apiRequest<{ response: Testimonial[] }>('/api/admin/testimonials', {
    method: 'PUT',
    body: input,
    auth: true,
  });
  return result.ok ? { ok: true, data: result.data.response } : result;
}

/** GET /api/admin/social-web/blocked-servers (operator) → {response: BlockedServer[]}, by name. */
export const getBlockedServers = (signal?: AbortSignal) =>
  read<BlockedServer[]>('/api/admin/social-web/blocked-servers', signal);

/** POST /api/admin/social-web/blocked-servers (operator) {host} → {message}; 400 with `host` when it is no server’s name. */
export function blockServer(host: string) {
  return apiRequest<MessageResponse>('/api/admin/social-web/blocked-servers', {
    method: 'POST',
    body: { host },
    auth: true,
  });
}

/** DELETE /api/admin/social-web/blocked-servers?host= (operator) → {message}; 404 when it is not blocked. */
export function unblockServer(host: string) {
  return apiRequest<MessageResponse>('/api/admin/social-web/blocked-servers', {
    method: 'DELETE',
    query: { host },
    auth: true,
  });
}
