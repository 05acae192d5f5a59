import http from 'node:http';
import https from 'node:https';
import { MEDIA_MAX_BYTES, MEDIA_TOO_LARGE_MESSAGE } from '../../../contracts/media';
import { HttpError } from '../../lib/http-errors';
import {
  pinnedLookup,
  RefusedDestinationError,
  resolveDestination,
  systemResolver,
  type HostResolver,
  type ResolvedAddress,
} from '../../lib/network-guard';

export const REMOTE_PICTURE_USER_AGENT = 'Inkwell-Pictures';
/** Picture hosts and CDNs often answer with a redirect or two; more is a loop or a trick. */
export const REMOTE_PICTURE_MAX_REDIRECTS = 3;

export interface RemotePictureOptions {
  /**
   * MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS=1: pictures may be fetched from private, loopback and
   * link-local addresses. Off by default, as for webhooks: a writer must not be able to make the
   * server read its own network.
   */
  allowPrivateNetworks: boolean;
  /** MEDIA_FETCH_TIMEOUT_MS: the whole fetch, redirects and body included. */
  timeoutMs: number;
  /** The upload limit (10 MB): a larger picture is refused as an upload would be. */
  maxBytes?: number;
  /** Tests answer names their own way; otherwise the system's resolver (dns.lookup). */
  resolve?: HostResolver;
}

export const REMOTE_PICTURE_DEFAULTS: RemotePictureOptions = {
  allowPrivateNetworks: false,
  timeoutMs: 10_000,
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A refusal about the address itself: 400, with the field it concerns. */
function refusedAddress(message: string): HttpError {
  return new HttpError(400, message, { url: [message] });
}

type Hop = { kind: 'body'; data: Buffer } | { kind: 'redirect'; location: string };

/**
 * Reads a picture from another site for POST /api/media/remote. Every address, the first and each
 * redirect's, goes through the same check as a webhook's (network-guard.ts) and the connection is
 * pinned to the address checked. The body is read only up to the upload limit. What goes wrong is
 * an HttpError with an honest status: 400 for an address that may not be fetched, 413 too large,
 * 502 when the other site answers with an error or cannot be reached, 504 when it is too slow.
 */
export async function fetchRemotePicture(address: string, options: RemotePictureOptions): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MEDIA_MAX_BYTES;
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(address);
  for (let redirects = 0; ; redirects += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw refusedAddress('The picture’s address must start with http:// or https://');
    }
    if (url.username || url.password) throw refusedAddress('The picture’s address must not hold a password');
    let destination: ResolvedAddress;
    try {
      destination = await resolveDestination(url, {
        allowPrivate: options.allowPrivateNetworks,
        resolve: options.resolve ?? systemResolver,
      });
    } catch (error) {
      if (error instanceof RefusedDestinationError) throw refusedAddress(error.message);
      throw error;
    }
    const hop = await getOnce(url, destination, maxBytes, deadline, options.timeoutMs);
    if (hop.kind === 'body') return hop.data;
    if (redirects >= REMOTE_PICTURE_MAX_REDIRECTS) {
      throw new HttpError(502, `${url.host} redirected more than ${REMOTE_PICTURE_MAX_REDIRECTS} times`);
    }
    try {
      url = new URL(hop.location, url);
    } catch {
      throw new HttpError(502, `${url.host} redirected to an address that is not one`);
    }
  }
}

function getOnce(
  url: URL,
  destination: ResolvedAddress,
  maxBytes: number,
  deadline: AbortSignal,
  timeoutMs: number,
): Promise<Hop> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Hop>((resolve, reject) => {
    const outgoing = client.get(
      url,
      {
        lookup: pinnedLookup(destination),
        signal: deadline,
        // One connection per fetch: a pooled socket could have been opened to another address.
        agent: false,
        headers: { accept: 'image/*', 'user-agent': REMOTE_PICTURE_USER_AGENT },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECTS.has(status) && location) {
          response.resume();
          resolve({ kind: 'redirect', location });
          return;
        }
        if (status < 200 || status > 299) {
          response.resume();
          reject(new HttpError(502, `${url.host} answered ${status} for the picture`));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          reject(new HttpError(413, MEDIA_TOO_LARGE_MESSAGE));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxBytes) {
            response.destroy();
            reject(new HttpError(413, MEDIA_TOO_LARGE_MESSAGE));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ kind: 'body', data: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(networkFailure(url, error, deadline, timeoutMs)));
      },
    );
    outgoing.on('error', (error) => reject(networkFailure(url, error, deadline, timeoutMs)));
  });
}

function networkFailure(url: URL, error: NodeJS.ErrnoException, deadline: AbortSignal, timeoutMs: number) {
  if (deadline.aborted) {
    return new HttpError(
      504,
      `${url.host} did not send the picture within ${Math.round(timeoutMs / 1000)} s`,
    );
  }
  return new HttpError(502, `${url.host} could not be reached (${error.code ?? error.message})`);
}
