import { z } from './zod';

/**
 * Personal access tokens (docs/decisions/0038-api-keys.md): what a script sends as
 * `Authorization: Bearer ink_…` instead of borrowing a person's seven-day sign-in token.
 */

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ink_';
/** How much of a key the settings page shows after creation, to tell keys apart. */
export const API_KEY_HINT_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 60;
/** Keys a person may hold at once: enough for every script, few enough to review. */
export const API_KEYS_PER_USER = 25;
export const API_KEY_MAX_DAYS = 366;

/** `read`: GET and HEAD only. `write`: everything a signed-in person does, except the account itself. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_READ_ONLY_MESSAGE = 'This API key can only read. Create a key with the write scope.';
export const API_KEY_NOT_ALLOWED_MESSAGE =
  'API keys cannot manage the account or its keys. Sign in to Inkwell to do this.';
export const API_KEY_INVALID_MESSAGE =
  'This API key is not valid: it was revoked, has expired, or never existed.';
export const API_KEY_NOT_FOUND_MESSAGE = 'API key not found';
export const API_KEYS_LIMIT_MESSAGE = `You can hold at most ${API_KEYS_PER_USER} API keys. Revoke one you no longer use first.`;
export const API_KEY_RATE_MESSAGE = 'Too many requests with this API key. Try again later.';

export const createApiKeySchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text') })
    .trim()
    .min(1, 'Name is required')
    .max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`),
  scope: z.enum(API_KEY_SCOPES, { error: 'Scope must be "read" or "write"' }),
  /** Days until the key stops working; null or absent: it never expires. */
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(1, 'Expiry must be at least 1 day')
    .max(API_KEY_MAX_DAYS, `Expiry must be at most ${API_KEY_MAX_DAYS} days`)
    .nullish(),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

/** A key as the settings page lists it: never the secret itself. */
export interface ApiKey {
  id: string;
  name: string;
  scope: ApiKeyScope;
  /** The key's first characters, e.g. `ink_a1B2c3`. */
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
}

/** The answer to a creation: the only time the whole key is shown. */
export interface CreatedApiKey extends ApiKey {
  token: string;
}
