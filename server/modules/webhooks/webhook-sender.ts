import http from 'node:http';
import https from 'node:https';
import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../contracts/webhooks';
import {
  pinnedLookup,
  RefusedDestinationError,
  resolveDestination,
  type HostResolver,
  type ResolvedAddress,
} from '../../lib/network-guard';
import { signatureHeader } from './webhook-signature';

export const WEBHOOK_USER_AGENT = 'Inkwell-Webhooks';

/** What one attempt came to, as the delivery log records it. */
export type SendOutcome =
  | { kind: 'answered'; status: number }
  /** Nothing answered in time, or the connection failed: worth another attempt. */
  | { kind: 'failed'; error: string }
  /** The address is not one webhooks may reach: no attempt was made, and none will be. */
  | { kind: 'refused'; error: string };

export interface SendRequest {
  url: string;
  secret: string;
  deliveryId: string;
  event: string;
  body: string;
}

export interface SenderOptions {
  timeoutMs: number;
  allowPrivateNetworks: boolean;
  resolve: HostResolver;
}

/**
 * POSTs one signed delivery. Redirects are not followed: a 3xx is the receiver's answer and is
 * logged as such (following one would let a public address send us to a private one). The whole
 * exchange, body included, must finish within the timeout; `signal` cuts it short on shutdown.
 */
export async function sendWebhook(
  request: SendRequest,
  options: SenderOptions,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const url = new URL(request.url);
  let destination: ResolvedAddress;
  try {
    destination = await resolveDestination(url, {
      allowPrivate: options.allowPrivateNetworks,
      resolve: options.resolve,
    });
  } catch (error) {
    if (error instanceof RefusedDestinationError) {
      // An unresolvable name may resolve later (a typo fixed, DNS back): only a refusal is final.
      return error.message.endsWith('could not be resolved')
        ? { kind: 'failed', error: error.message }
        : { kind: 'refused', error: error.message };
    }
    throw error;
  }
  const body = Buffer.from(request.body, 'utf8');
  const client = url.protocol === 'https:' ? https : http;
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const cancel = signal ? AbortSignal.any([timeout, signal]) : timeout;
  return new Promise<SendOutcome>((resolve) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        lookup: pinnedLookup(destination),
        signal: cancel,
        // One connection per delivery: a pooled socket could have been opened to another address.
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'user-agent': WEBHOOK_USER_AGENT,
          [WEBHOOK_EVENT_HEADER]: request.event,
          [WEBHOOK_DELIVERY_HEADER]: request.deliveryId,
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
            request.secret,
            request.body,
            Math.floor(Date.now() / 1000),
          ),
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not kept; reading it to the end lets the connection close cleanly.
        response.resume();
        response.on('end', () => resolve({ kind: 'answered', status }));
        // Cut short (timeout, shutdown) while the body was still coming: the status is still the answer.
        response.on('error', () => resolve({ kind: 'answered', status }));
        response.on('close', () => resolve({ kind: 'answered', status }));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (timeout.aborted) resolve({ kind: 'failed', error: `No answer within ${options.timeoutMs} ms` });
      else if (signal?.aborted) resolve({ kind: 'failed', error: 'Stopped: the server shut down' });
      else resolve({ kind: 'failed', error: describeNetworkError(error) });
    });
    outgoing.end(body);
  });
}

function describeNetworkError(error: NodeJS.ErrnoException): string {
  const text = error.code ? `${error.code}: ${error.message}` : error.message;
  return text.slice(0, 300);
}
