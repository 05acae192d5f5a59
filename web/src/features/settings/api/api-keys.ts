import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '../../../../../contracts/api-keys';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/user/keys (bearer, a sign-in) → 200 {response: ApiKey[]}, newest first. */
export async function listApiKeys(signal?: AbortSignal) {
  const result = await apiRequest<{ response: ApiKey[] }>('/api/user/keys', { auth: true, signal });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** POST /api/user/keys (bearer) {name, scope, expiresInDays} → 201 {response: CreatedApiKey}: the secret, once. */
export async function createApiKey(input: CreateApiKeyInput) {
  const result = await apiRequest<{ response: CreatedApiKey }>('/api/user/keys', {
    method: 'POST',
    body: input,
    auth: true,
  });
  return result.ok ? { ok: true as const, data: result.data.response } : result;
}

/** DELETE /api/user/keys?id= (bearer) → 204: the key stops working at once. */
export function revokeApiKey(id: string) {
  return apiRequest<undefined>('/api/user/keys', { method: 'DELETE', query: { id }, auth: true });
}
