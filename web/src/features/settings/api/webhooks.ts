import type { MessageResponse } from '../../../../../contracts/auth';
import type {
  CreatedWebhook,
  Webhook,
  WebhookCreateInput,
  WebhookDelivery,
} from '../../../../../contracts/webhooks';
import { apiRequest } from '../../../lib/api-client';

const hookPath = (id: string) => `/api/webhooks/${encodeURIComponent(id)}`;

/** GET /api/webhooks (bearer) → 200 {response: the writer's hooks, without secrets} */
export async function listWebhooks(signal?: AbortSignal) {
  const result = await apiRequest<{ response: Webhook[] }>('/api/webhooks', { auth: true, signal });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/webhooks (bearer) {url, events} → 201 {response: the hook and its secret, shown once} */
export function createWebhook(input: WebhookCreateInput) {
  return apiRequest<{ response: CreatedWebhook }>('/api/webhooks', {
    method: 'POST',
    body: input,
    auth: true,
  });
}

/** DELETE /api/webhooks/:id (bearer) → 200 {message}; its delivery log goes with it. */
export function deleteWebhook(id: string) {
  return apiRequest<MessageResponse>(hookPath(id), { method: 'DELETE', auth: true });
}

/** GET /api/webhooks/:id/deliveries (bearer) → 200 {response: the latest deliveries, newest first} */
export async function listWebhookDeliveries(id: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: WebhookDelivery[] }>(`${hookPath(id)}/deliveries`, {
    auth: true,
    signal,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/webhooks/:id/test (bearer) → 202 {response: the queued `ping` delivery} */
export function sendWebhookTest(id: string) {
  return apiRequest<{ response: WebhookDelivery }>(`${hookPath(id)}/test`, {
    method: 'POST',
    body: {},
    auth: true,
  });
}
