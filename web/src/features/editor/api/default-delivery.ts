import type { DefaultDelivery } from '../../../../../contracts/newsletters';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/newsletters/lists/:list/default-delivery (bearer) → whether the list's posts are
 * emailed when the writer names no choice: where the writing page's choice starts (decision 65).
 */
export async function readDefaultDelivery(list: string, signal?: AbortSignal) {
  const result = await apiRequest<{ response: { defaultDelivery: DefaultDelivery } }>(
    `/api/newsletters/lists/${encodeURIComponent(list)}/default-delivery`,
    { auth: true, signal },
  );
  return result.ok ? { ok: true as const, data: result.data.response.defaultDelivery } : result;
}
