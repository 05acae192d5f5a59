import type { FastifyInstance } from 'fastify';

/** Marks the requests the page renderer makes into this app, so the request log can tell them apart. */
export const INTERNAL_REQUEST_HEADER = 'x-inkwell-render';

/**
 * The part of a fetch Response the API client reads. A real Response would wrap the body in a web
 * stream only to read it back at once, which cost more than the API call itself.
 */
function answerOf(status: number, headers: Record<string, unknown>, payload: string): Response {
  const answer = {
    ok: status >= 200 && status < 300,
    status,
    headers: {
      get: (name: string) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : String(value);
      },
    },
    text: async () => payload,
    json: async () => JSON.parse(payload) as unknown,
  };
  return answer as unknown as Response;
}

/**
 * A fetch for the page renderer that never leaves the process: each API call goes
 * through Fastify's inject, so server rendering uses the same routes, validation, serialization
 * and error handling as the browser, with no socket and no Host header involved.
 */
export function inProcessFetch(app: FastifyInstance, marker: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = { [INTERNAL_REQUEST_HEADER]: marker };
    for (const [name, value] of Object.entries((init?.headers ?? {}) as Record<string, string>)) {
      headers[name.toLowerCase()] = value;
    }
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    return answerOf(answer.statusCode, answer.headers, answer.payload);
  };
}
