import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApiClient, NO_RESPONSE_MESSAGE } from './api-client';
import { createMemoryStorage, saveSession, type KeyValueStorage } from './storage';

const TOKEN = 'header.payload.signature';

let storage: KeyValueStorage;
let onSessionRejected: ReturnType<typeof vi.fn<() => void>>;

function respond(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return vi.fn<typeof fetch>(
    async () => new Response(text, { status, headers: { 'Content-Type': contentType } }),
  );
}

beforeEach(() => {
  storage = createMemoryStorage();
  onSessionRejected = vi.fn<() => void>();
  configureApiClient({ baseUrl: 'http://api.test', storage, onSessionRejected });
});

describe('apiRequest: success', () => {
  it('parses JSON, builds the query and sends the body as JSON', async () => {
    const fetch = respond(200, { response: { id: 'p1' } });
    configureApiClient({ fetch });
    const result = await apiRequest('/api/post/blog', {
      method: 'PUT',
      query: { id: 'p1', x: undefined },
      body: { a: 1 },
    });
    expect(result).toEqual({ ok: true, data: { response: { id: 'p1' } } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/post/blog?id=p1');
    expect(init?.method).toBe('PUT');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('adds the bearer token only when asked and when it is usable', async () => {
    const fetch = respond(200, {});
    configureApiClient({ fetch });
    saveSession(storage, { token: TOKEN, username: 'ada', userId: 'u1' });
    await apiRequest('/a', { auth: true });
    await apiRequest('/b');
    const headersOf = (call: number) => fetch.mock.calls[call]?.[1]?.headers as Record<string, string>;
    expect(headersOf(0).Authorization).toBe(`Bearer ${TOKEN}`);
    expect(headersOf(1).Authorization).toBeUndefined();

    storage.setItem('token', 'undefined');
    await apiRequest('/c', { auth: true });
    expect(headersOf(2).Authorization).toBeUndefined();
  });
});

describe('apiRequest: the specification §8 error texts', () => {
  it("server error with a message: 'Error: ' + message, with field errors", async () => {
    configureApiClient({
      fetch: respond(400, {
        message: 'Invalid input',
        errors: { email: ['Email address must be a valid address'] },
      }),
    });
    const result = await apiRequest('/api/user/signup', { method: 'POST', body: {} });
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'http',
        status: 400,
        message: 'Error: Invalid input',
        fieldErrors: { email: ['Email address must be a valid address'] },
      },
    });
  });

  it("server error without a message: 'Error: Server Error'", async () => {
    configureApiClient({ fetch: respond(502, '<html>Bad gateway</html>', 'text/html') });
    const result = await apiRequest('/x');
    expect(!result.ok && result.error.message).toBe('Error: Server Error');
  });

  it('no response: the no-response sentence', async () => {
    configureApiClient({
      fetch: vi.fn<typeof fetch>(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    const result = await apiRequest('/x');
    expect(!result.ok && result.error).toMatchObject({ kind: 'network', message: NO_RESPONSE_MESSAGE });
    expect(NO_RESPONSE_MESSAGE).toBe('No response received from server. Please try again later.');
  });

  it("any other failure: 'Error: ' + its text", async () => {
    configureApiClient({ fetch: respond(200, 'not json', 'text/plain') });
    const result = await apiRequest('/x');
    expect(!result.ok && result.error.kind).toBe('unexpected');
    expect(!result.ok && result.error.message).toMatch(/^Error: .+/);
  });

  it('a cancelled request is reported as aborted, never as a message to show', async () => {
    const controller = new AbortController();
    configureApiClient({
      fetch: vi.fn<typeof fetch>(async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    });
    const result = await apiRequest('/x', { signal: controller.signal });
    expect(!result.ok && result.error.kind).toBe('aborted');
  });
});

describe('apiRequest: a rejected token (difference 8 from the specification)', () => {
  it('signs out when a request that carried the stored token gets 401', async () => {
    saveSession(storage, { token: TOKEN, username: 'ada', userId: 'u1' });
    configureApiClient({ fetch: respond(401, { message: 'Token expired' }) });
    const result = await apiRequest('/api/user/userupdate', { method: 'PUT', auth: true, body: {} });
    expect(!result.ok && result.error.message).toBe('Error: Token expired');
    expect(onSessionRejected).toHaveBeenCalledOnce();
  });

  it('does not sign out on a 401 without a token, such as a wrong password', async () => {
    configureApiClient({ fetch: respond(401, { message: 'Invalid email or password' }) });
    const result = await apiRequest('/api/user/signin', { method: 'POST', body: {} });
    expect(!result.ok && result.error.message).toBe('Error: Invalid email or password');
    expect(onSessionRejected).not.toHaveBeenCalled();
  });

  it('does not sign out when the token changed while the request was in flight', async () => {
    saveSession(storage, { token: TOKEN, username: 'ada', userId: 'u1' });
    configureApiClient({
      fetch: vi.fn<typeof fetch>(async () => {
        storage.setItem('token', 'a.newer.token');
        return new Response('{}', { status: 401 });
      }),
    });
    await apiRequest('/x', { auth: true });
    expect(onSessionRejected).not.toHaveBeenCalled();
  });
});
