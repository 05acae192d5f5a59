import type { IncomingMessage } from 'node:http';

export const DUPLICATE_HOST_MESSAGE = 'A request must carry exactly one Host header (RFC 9112 §3.2)';
export const BAD_REQUEST_TARGET_MESSAGE =
  'Malformed request target: send a path, or an absolute http(s) address (RFC 9112 §3.2)';

const REFUSAL = Symbol('inkwell.requestTargetRefusal');
type Marked = IncomingMessage & { [REFUSAL]?: string };

/** `scheme://` at the start of a request target: the absolute form a proxy sends. */
const ABSOLUTE_FORM = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/** How many Host fields the client sent: Node keeps only the first in `headers`, all in `rawHeaders`. */
function hostFieldCount(request: IncomingMessage): number {
  let count = 0;
  for (let index = 0; index < request.rawHeaders.length; index += 2) {
    if (request.rawHeaders[index]?.toLowerCase() === 'host') count += 1;
  }
  return count;
}

/**
 * Settles which site and path a request from the network names, before anything reads its Host or
 * URL (the site routing, the response cache's front door, Fastify, the page renderer):
 * - more than one Host field is refused (RFC 9112 §3.2: a 400), rather than letting the first
 *   choose the site while a proxy in front may have read another;
 * - an absolute-form target (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2) stands for its
 *   origin form: its host replaces the Host header and the path (with its query) becomes the URL,
 *   so everything after sees the request as if it had been sent the usual way.
 * A refused request goes on to Fastify marked, and is answered there (installRequestTargetCheck),
 * as JSON with the request id like any other 400.
 */
export function settleRequestTarget(request: IncomingMessage): void {
  if (hostFieldCount(request) > 1) {
    (request as Marked)[REFUSAL] = DUPLICATE_HOST_MESSAGE;
    return;
  }
  const url = request.url ?? '/';
  const scheme = ABSOLUTE_FORM.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return;
  const start = scheme.length + 3;
  const end = url.slice(start).search(/[/?#]/);
  const authority = end === -1 ? url.slice(start) : url.slice(start, start + end);
  const rest = end === -1 ? '' : url.slice(start + end);
  if (
    (scheme !== 'http' && scheme !== 'https') ||
    !validAuthority(scheme, authority) ||
    rest.startsWith('#')
  ) {
    (request as Marked)[REFUSAL] = BAD_REQUEST_TARGET_MESSAGE;
    // Routed as a plain path, never as the absolute address, until it is refused.
    request.url = '/';
    return;
  }
  request.headers.host = authority;
  // The path is kept byte for byte, as an origin-form request's would be (no URL normalisation).
  request.url = rest === '' ? '/' : rest.startsWith('?') ? `/${rest}` : rest;
}

/** A host with an optional port and no user information (RFC 9110 §4.2.4 forbids it in http URIs). */
function validAuthority(scheme: string, authority: string): boolean {
  if (authority === '' || authority.includes('@')) return false;
  try {
    return new URL(`${scheme}://${authority}/`).host !== '';
  } catch {
    return false;
  }
}

/** Why settleRequestTarget refused the request, if it did. */
export function requestTargetRefusal(request: IncomingMessage): string | undefined {
  return (request as Marked)[REFUSAL];
}
