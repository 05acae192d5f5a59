import type { FastifyBaseLogger } from 'fastify';
import { ACTIVITY_STREAMS_MEDIA_TYPE } from '../../../contracts/federation';
import { guardedRequest, type GuardedHttpOptions, type GuardedOutcome } from '../../lib/guarded-http';
import { DeliveryQueue } from '../../lib/delivery-queue';
import type { Scheduler } from '../../lib/scheduler';
import type { ClaimedDelivery, DeliveriesRepository } from './deliveries-repository';
import type { KeyPairs } from './federation-service';
import { loadFedify } from './fedify';

export interface DeliveryWorkerOptions extends GuardedHttpOptions {
  publicUrl: string;
  userAgent: string;
  pollIntervalMs: number;
  /** Deliveries sent at once by one instance. */
  batchSize: number;
  /** After this many attempts a delivery is `failed` for good. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

/** What an inbox answers is read only for the log. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Sends queued activities to other servers' inboxes (decision 70), as the webhooks' worker sends
 * their deliveries (decision 39): every instance runs one, rows are leased so no delivery goes out
 * twice at once, a crashed instance's lease expires. Each POST is signed with its actor's key as
 * Mastodon checks it (draft-cavage-12, `rsa-sha256`, `(request-target) content-type date digest
 * host`, `Digest: SHA-256=`) by Fedify's `signRequest`, and sent through the private-network guard.
 * A 2xx is delivered; any other answer or a failure is tried again after 1 min, 2 min, 4 min … up
 * to 12 h, until the attempts run out (about four days); a refused address is given up at once.
 */
export class DeliveryWorker {
  private readonly queue: DeliveryQueue<ClaimedDelivery, ClaimedDelivery, GuardedOutcome>;

  constructor(
    deliveries: DeliveriesRepository,
    private readonly keys: KeyPairs,
    /** Whether the signing actor still exists: a deleted account's queued activities are dropped. */
    private readonly actors: { existsAt(path: string): Promise<boolean> },
    private readonly options: DeliveryWorkerOptions,
    log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
    /** Servers the operator blocked (decision 0084): nothing goes to them. */
    private readonly blockedServers?: { isBlocked(host: string): Promise<boolean> },
  ) {
    this.queue = new DeliveryQueue(
      deliveries,
      {
        prepare: async (claim) => claim,
        attempt: (claim, signal) => this.send(claim, signal),
        describe: (status, outcome) =>
          `Answered ${status}: ${outcome.kind === 'answered' ? outcome.body.toString('utf8').slice(0, 200) : ''}`,
        givenUp: (claim, record) =>
          log.warn(
            { inbox: claim.inbox, attempts: claim.attempts, error: record.error },
            'social web delivery given up',
          ),
      },
      { ...options, label: 'social web delivery queue' },
      log,
      scheduler,
    );
  }

  /** Something was queued: look now rather than at the next poll. */
  wake(): void {
    this.queue.wake();
  }

  private async send(claim: ClaimedDelivery, signal: AbortSignal): Promise<GuardedOutcome> {
    let inbox: URL;
    try {
      inbox = new URL(claim.inbox);
    } catch {
      return { kind: 'refused', error: `${claim.inbox} is not an address` };
    }
    // Queued before the block, or for a server blocked since: given up, never sent.
    if (await this.blockedServers?.isBlocked(inbox.host)) {
      return { kind: 'refused', error: `${inbox.host} is blocked here` };
    }
    // Its key would be made afresh for an actor other servers can no longer fetch.
    if (!(await this.actors.existsAt(claim.actor))) {
      return { kind: 'refused', error: `${claim.actor} no longer exists here` };
    }
    const { signRequest } = await loadFedify();
    const pair = await this.keys.keyPairOf(claim.actor);
    const body = Buffer.from(claim.payload, 'utf8');
    const unsigned = new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': ACTIVITY_STREAMS_MEDIA_TYPE },
      body: new Uint8Array(body),
    });
    const keyId = new URL(`${this.options.publicUrl}${claim.actor}#main-key`);
    const signed = await signRequest(unsigned, pair.privateKey, keyId, {
      spec: 'draft-cavage-http-signatures-12',
      body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength),
    });
    const headers: Record<string, string> = {};
    signed.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return guardedRequest(
      {
        method: 'POST',
        url: inbox,
        headers: { ...headers, 'user-agent': this.options.userAgent },
        body,
        maxBytes: MAX_ANSWER_BYTES,
      },
      this.options,
      signal,
    );
  }
}
