import type { FastifyInstance } from 'fastify';

/** Marks the requests the page renderer makes into this app, so the request log can tell them apart. */
export const INTERNAL_REQUEST_HEADER = 'x-inkwell-render';

/**
 * A fetch for the page renderer that never leaves the process (issue 8 §1): each API call goes
 * through Fastify's inject, so server rendering uses the same routes, validation, serialization
 * and error handling as the browser, with no socket and no Host header involved.
 */
export function inProcessFetch(app: FastifyInstance, marker: string): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers: Record<string, string> = { [INTERNAL_REQUEST_HEADER]: marker };
    new Headers(init?.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      headers,
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}
