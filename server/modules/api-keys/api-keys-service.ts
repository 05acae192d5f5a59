import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_HINT_LENGTH,
  API_KEY_NOT_FOUND_MESSAGE,
  API_KEY_PREFIX,
  API_KEY_RATE_MESSAGE,
  API_KEYS_LIMIT_MESSAGE,
  API_KEYS_PER_USER,
  type ApiKey,
  type CreateApiKeyInput,
  type CreatedApiKey,
} from '../../../contracts/api-keys';
import { SUSPENDED, type Viewer } from '../accounts/authenticator';
import { conflict, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys-repository';

const DAY_MS = 24 * 60 * 60_000;
/** A key's last use is written at most this often, not on every request. */
const LAST_USE_PRECISION_MS = 60_000;

const hashKey = (token: string) => createHash('sha256').update(token).digest('hex');

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    hint: row.hint,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

/** Creates, lists and revokes a person's keys, and turns a presented key into its viewer. */
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    /** Requests per key, shared by every instance through Redis when configured. */
    private readonly requestsPerKey: RateLimiter,
  ) {}

  async create(viewer: Viewer, input: CreateApiKeyInput): Promise<CreatedApiKey> {
    // Counted before the insert: two racing creations may both pass at the limit, which costs one
    // key too many, never a lost one. The cap is about tidiness, not security.
    if ((await this.keys.countByUser(viewer.id)) >= API_KEYS_PER_USER) throw conflict(API_KEYS_LIMIT_MESSAGE);
    const token = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    const now = new Date();
    const row = {
      id: uuidv7(now.getTime()),
      user_id: viewer.id,
      name: input.name,
      scope: input.scope,
      token_hash: hashKey(token),
      hint: token.slice(0, API_KEY_HINT_LENGTH),
      created_at: now.toISOString(),
      expires_at: input.expiresInDays
        ? new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString()
        : null,
      last_used_at: null,
    };
    await this.keys.insert(row);
    return { ...toApiKey(row), token };
  }

  async list(viewer: Viewer): Promise<ApiKey[]> {
    return (await this.keys.listByUser(viewer.id)).map(toApiKey);
  }

  async revoke(viewer: Viewer, id: string): Promise<void> {
    if (!(await this.keys.delete(viewer.id, id))) throw notFound(API_KEY_NOT_FOUND_MESSAGE);
  }

  /**
   * The viewer a key speaks for, or null when it is unknown, revoked or expired. Spends one of the
   * key's requests (a 429 beyond them) and notes its use.
   */
  async resolve(token: string): Promise<Viewer | typeof SUSPENDED | null> {
    const row = await this.keys.findByHash(hashKey(token));
    const now = new Date();
    const nowText = now.toISOString();
    if (!row || (row.expires_at !== null && row.expires_at <= nowText)) return null;
    if (row.suspended_at !== null) return SUSPENDED;
    await this.requestsPerKey.spend(row.id, API_KEY_RATE_MESSAGE);
    const since = new Date(now.getTime() - LAST_USE_PRECISION_MS).toISOString();
    if (row.last_used_at === null || row.last_used_at < since) await this.keys.touch(row.id, nowText, since);
    return { id: row.user_id, username: row.username, apiKey: { id: row.id, scope: row.scope } };
  }
}
