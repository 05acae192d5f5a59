import { failure, failureText, type ApiResult, type FieldErrors } from '../../../contracts/page-data';
import { appStorage, readToken, type KeyValueStorage } from './storage';

/** Specification §8, word for word. */
export const NO_RESPONSE_MESSAGE = 'No response received from server. Please try again later.';

export type { ApiFailure, ApiResult, FieldErrors } from '../../../contracts/page-data';
export { failure };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | null | undefined>;
  body?: unknown;
  /** Send the stored token, when there is a usable one. */
  auth?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  baseUrl: string;
  storage: KeyValueStorage;
  fetch: typeof fetch;
  /** Called when the server rejects the token we sent (difference 8 from the specification). */
  onSessionRejected: () => void;
}

const config: ApiClientConfig = {
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  storage: appStorage,
  // Looked up at call time so tests can stub the global.
  fetch: (...args) => globalThis.fetch(...args),
  onSessionRejected: () => {},
};

/** The app wires the sign-out here; tests swap the transport and storage. */
export function configureApiClient(changes: Partial<ApiClientConfig>): void {
  Object.assign(config, changes);
}

/** Specification §8: 'Error: ' + the server's message, or 'Error: Server Error' when it sent none. */
export function serverErrorText(body: unknown): string {
  return failureText(isRecord(body) ? body.message : undefined);
}

/** Specification §8: any other failure is 'Error: ' + its text. */
export function unexpectedErrorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return `Error: ${text}`;
}

/**
 * Sends a request and settles every failure (no answer, a non-2xx status, an ended session) the
 * same way for every kind of answer; a success leaves the body to the caller.
 */
export async function sendApiRequest(
  path: string,
  options: ApiRequestOptions,
  accept: string,
): Promise<ApiResult<Response>> {
  const token = options.auth ? readToken(config.storage) : null;
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await config.fetch(buildUrl(config.baseUrl, path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) return failure('aborted', null, 'Aborted');
    // fetch rejects only when no answer arrived (offline, DNS, refused, CORS).
    return failure('network', null, NO_RESPONSE_MESSAGE);
  }

  if (!response.ok) {
    const errorBody = await readJson(response);
    // Only a token we sent, and that is still the stored one, ends the session: a sign-in with a
    // wrong password is also a 401, and a request racing a fresh sign-in must not undo it.
    if (response.status === 401 && token !== null && readToken(config.storage) === token) {
      config.onSessionRejected();
    }
    return failure('http', response.status, serverErrorText(errorBody), fieldErrorsOf(errorBody));
  }
  return { ok: true, data: response };
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<ApiResult<T>> {
  const sent = await sendApiRequest(path, options, 'application/json');
  if (!sent.ok) return sent;
  try {
    const text = await sent.data.text();
    return { ok: true, data: (text === '' ? undefined : JSON.parse(text)) as T };
  } catch (error) {
    if (options.signal?.aborted) return failure('aborted', null, 'Aborted');
    return failure('unexpected', sent.data.status, unexpectedErrorText(error));
  }
}

function buildUrl(baseUrl: string, path: string, query: ApiRequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  const search = params.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    // A proxy's HTML error page or an empty body: the caller falls back to 'Server Error'.
    return null;
  }
}

function fieldErrorsOf(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: FieldErrors = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (Array.isArray(messages)) {
      const texts = messages.filter((message): message is string => typeof message === 'string');
      if (texts.length > 0) result[field] = texts;
    }
  }
  return result;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
