import {
  WEBHOOK_DELIVERY_HEADER,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../contracts/webhooks';
import { guardedRequest } from '../../lib/guarded-http';
import type { HostResolver } from '../../lib/network-guard';
import type { AttemptOutcome } from '../../lib/polling-worker';
import { signatureHeader } from './webhook-signature';

export const WEBHOOK_USER_AGENT = 'Inkwell-Webhooks';

/** What one attempt came to, as the delivery log records it. */
export type SendOutcome = AttemptOutcome;

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
 * POSTs one signed delivery through the private-network guard (lib/guarded-http.ts). Redirects
 * are not followed: a 3xx is the receiver's answer and is logged as such (following one would let a
 * public address send us to a private one). The whole exchange, body included, must finish within
 * the timeout; `signal` cuts it short on shutdown.
 */
export async function sendWebhook(
  request: SendRequest,
  options: SenderOptions,
  signal?: AbortSignal,
): Promise<SendOutcome> {
  const body = Buffer.from(request.body, 'utf8');
  const outcome = await guardedRequest(
    {
      method: 'POST',
      url: new URL(request.url),
      headers: {
        'content-type': 'application/json',
        'user-agent': WEBHOOK_USER_AGENT,
        [WEBHOOK_EVENT_HEADER]: request.event,
        [WEBHOOK_DELIVERY_HEADER]: request.deliveryId,
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(
          request.secret,
          request.body,
          Math.floor(Date.now() / 1000),
        ),
      },
      body,
      // The answer's body is not kept: its status is the answer.
      maxBytes: 0,
    },
    {
      allowPrivateNetworks: options.allowPrivateNetworks,
      resolve: options.resolve,
      timeoutMs: options.timeoutMs,
    },
    signal,
  );
  return outcome.kind === 'answered' ? { kind: 'answered', status: outcome.status } : outcome;
}
