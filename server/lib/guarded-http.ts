import http, { type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import {
  pinnedLookup,
  RefusedDestinationError,
  resolveDestination,
  type HostResolver,
  type ResolvedAddress,
} from './network-guard';

export interface GuardedHttpOptions {
  /** Private, loopback and link-local addresses may be reached (an operator's own network, tests). */
  allowPrivateNetworks: boolean;
  resolve: HostResolver;
  /** The whole exchange, redirects and body included. */
  timeoutMs: number;
}

export interface GuardedRequest {
  method: 'GET' | 'POST';
  url: URL;
  headers: OutgoingHttpHeaders;
  body?: Buffer;
  /**
   * The most of the answer's body kept; more is a failure. 0: the body is not kept, only read to
   * its end (or cut short) so the connection closes cleanly, and the status is the answer.
   */
  maxBytes: number;
  /** GET only: how many redirects are followed, each address checked like the first. */
  maxRedirects?: number;
}

/** What a request came to. */
export type GuardedOutcome =
  | { kind: 'answered'; status: number; headers: IncomingHttpHeaders; body: Buffer; url: URL }
  /** Nothing answered in time, the connection failed, or the answer was too large: worth another try. */
  | { kind: 'failed'; error: string }
  /** The address may not be reached from here (or is not http/https): no request was made. */
  | { kind: 'refused'; error: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * One HTTP exchange with another server through the private-network guard
 * (server/lib/network-guard.ts, decision 39): every address, the first and each redirect's, is
 * resolved and checked, and the connection goes to exactly the address checked (one connection
 * per request, no pooled socket). A POST never follows a redirect: its answer is the answer.
 */
export async function guardedRequest(
  request: GuardedRequest,
  options: GuardedHttpOptions,
  signal?: AbortSignal,
): Promise<GuardedOutcome> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const cancel = signal ? AbortSignal.any([deadline, signal]) : deadline;
  let url = request.url;
  const maxRedirects = request.method === 'GET' ? (request.maxRedirects ?? 0) : 0;
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      return { kind: 'refused', error: `${url.protocol} addresses are not fetched` };
    }
    let destination: ResolvedAddress;
    try {
      destination = await resolveDestination(url, {
        allowPrivate: options.allowPrivateNetworks,
        resolve: options.resolve,
      });
    } catch (error) {
      if (error instanceof RefusedDestinationError) {
        // A name that does not resolve now may later; only a refused address is final.
        return error.message.endsWith('could not be resolved')
          ? { kind: 'failed', error: error.message }
          : { kind: 'refused', error: error.message };
      }
      throw error;
    }
    const outcome = await exchange(url, destination, request, cancel);
    if (outcome.kind !== 'answered') {
      if (deadline.aborted) return { kind: 'failed', error: `No answer within ${options.timeoutMs} ms` };
      if (signal?.aborted) return { kind: 'failed', error: 'Stopped: the server shut down' };
      return outcome;
    }
    const location = outcome.headers.location;
    if (!REDIRECTS.has(outcome.status) || !location || redirects >= maxRedirects) return outcome;
    try {
      url = new URL(location, url);
    } catch {
      return { kind: 'failed', error: `${url.host} redirected to an address that is not one` };
    }
  }
}

function exchange(
  url: URL,
  destination: ResolvedAddress,
  request: GuardedRequest,
  signal: AbortSignal,
): Promise<GuardedOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<GuardedOutcome>((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: request.method,
        lookup: pinnedLookup(destination),
        signal,
        // One connection per request: a pooled socket could have been opened to another address.
        agent: false,
        headers: {
          ...request.headers,
          ...(request.body ? { 'content-length': request.body.length } : {}),
        },
      },
      (response) => {
        if (request.maxBytes === 0) {
          const answered = () =>
            resolve({
              kind: 'answered',
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.alloc(0),
              url,
            });
          response.resume();
          response.on('end', answered);
          // Cut short (timeout, shutdown) while the body was still coming: the status is still the answer.
          response.on('error', answered);
          response.on('close', answered);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > request.maxBytes) {
          response.destroy();
          resolve({ kind: 'failed', error: `${url.host} answered more than ${request.maxBytes} bytes` });
          return;
        }
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > request.maxBytes) {
            response.destroy();
            resolve({ kind: 'failed', error: `${url.host} answered more than ${request.maxBytes} bytes` });
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({
            kind: 'answered',
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            url,
          }),
        );
        response.on('error', (error) => resolve({ kind: 'failed', error: describe(error) }));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'failed', error: describe(error) }),
    );
    outgoing.end(request.body);
  });
}

function describe(error: NodeJS.ErrnoException): string {
  const text = error.code ? `${error.code}: ${error.message}` : error.message;
  return text.slice(0, 300);
}
