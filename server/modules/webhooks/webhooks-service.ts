import {
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_DUPLICATE_MESSAGE,
  WEBHOOK_LIMIT_MESSAGE,
  WEBHOOK_NOT_FOUND_MESSAGE,
  WEBHOOK_PING_EVENT,
  WEBHOOKS_PER_USER_MAX,
  type CreatedWebhook,
  type Webhook,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookUpdateInput,
} from '../../../contracts/webhooks';
import { DuplicateKey } from '../../lib/constraint-violations';
import { nowIso } from '../../lib/clock';
import type { Viewer } from '../accounts/authenticator';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import { RefusedDestinationError, resolveDestination, type HostResolver } from '../../lib/network-guard';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import { eventBody } from './webhook-events';
import type { WebhooksRepository } from './webhooks-repository';
import { newWebhookSecret } from './webhook-signature';

export const TOO_MANY_TEST_EVENTS_MESSAGE = 'You are sending test events too fast. Please wait a moment.';

export interface WebhookRules {
  allowPrivateNetworks: boolean;
  resolve: HostResolver;
  /** Tells the worker there is something to send now rather than at its next poll. */
  wake: () => void;
}

/** Webhook rules: a writer manages only their own hooks, up to a cap, at addresses we may reach. */
export class WebhooksService {
  private readonly testsByUser: RateLimiter;

  constructor(
    private readonly hooks: WebhooksRepository,
    private readonly rules: WebhookRules,
    limiters: RateLimiters<'webhookTestsPerUser'>,
  ) {
    this.testsByUser = limiters.limiter('webhookTestsPerUser');
  }

  list(viewer: Viewer): Promise<Webhook[]> {
    return this.hooks.listByUser(viewer.id);
  }

  async create(viewer: Viewer, input: WebhookCreateInput): Promise<CreatedWebhook> {
    await this.requireReachable(input.url);
    // A race between two creations can pass this by one; the cap is a guard, not an invoice.
    if ((await this.hooks.countByUser(viewer.id)) >= WEBHOOKS_PER_USER_MAX) {
      throw conflict(WEBHOOK_LIMIT_MESSAGE);
    }
    const now = nowIso();
    const row = {
      id: uuidv7(),
      user_id: viewer.id,
      url: input.url,
      events: input.events.join(' '),
      secret: newWebhookSecret(),
      active: 1,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.hooks.insert(row);
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(WEBHOOK_DUPLICATE_MESSAGE);
      throw error;
    }
    return {
      id: row.id,
      url: row.url,
      events: input.events,
      active: true,
      createdAt: now,
      secret: row.secret,
    };
  }

  async update(viewer: Viewer, id: string, input: WebhookUpdateInput): Promise<Webhook> {
    await this.requireOwn(viewer, id);
    if (input.url !== undefined) await this.requireReachable(input.url);
    try {
      const updated = await this.hooks.update(id, viewer.id, {
        ...(input.url === undefined ? {} : { url: input.url }),
        ...(input.events === undefined ? {} : { events: input.events.join(' ') }),
        ...(input.active === undefined ? {} : { active: input.active ? 1 : 0 }),
        updated_at: nowIso(),
      });
      if (!updated) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    } catch (error) {
      if (error instanceof DuplicateKey) throw conflict(WEBHOOK_DUPLICATE_MESSAGE);
      throw error;
    }
    if (input.active) this.rules.wake();
    return this.requireOwn(viewer, id);
  }

  async delete(viewer: Viewer, id: string): Promise<void> {
    if (!(await this.hooks.delete(id, viewer.id))) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
  }

  async deliveries(viewer: Viewer, id: string): Promise<WebhookDelivery[]> {
    await this.requireOwn(viewer, id);
    return this.hooks.listDeliveries(id, WEBHOOK_DELIVERIES_SHOWN);
  }

  /** "Send a test event": a `ping` queued like any event, so it shows in the log like one. */
  async sendTest(viewer: Viewer, id: string): Promise<WebhookDelivery> {
    const hook = await this.requireOwn(viewer, id);
    // Each test is a request to someone's server: not a way to hammer one.
    await this.testsByUser.spend(viewer.id, TOO_MANY_TEST_EVENTS_MESSAGE);
    const now = nowIso();
    const deliveryId = uuidv7();
    await this.hooks.enqueue([
      {
        id: deliveryId,
        webhookId: hook.id,
        event: WEBHOOK_PING_EVENT,
        payload: eventBody(deliveryId, WEBHOOK_PING_EVENT, now, {
          webhook: { id: hook.id, url: hook.url, events: hook.events },
        }),
        subjectId: null,
        nextAttemptAt: now,
        createdAt: now,
      },
    ]);
    // Read before the worker is woken, so the answer is the delivery as queued.
    const delivery = await this.hooks.findDelivery(deliveryId);
    this.rules.wake();
    if (!delivery) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    return delivery;
  }

  private async requireOwn(viewer: Viewer, id: string): Promise<Webhook> {
    const hook = await this.hooks.findOwned(id, viewer.id);
    if (!hook) throw notFound(WEBHOOK_NOT_FOUND_MESSAGE);
    return hook;
  }

  /**
   * Checked at registration as well as at each delivery: the writer hears at once that an address
   * will never receive anything, instead of finding failures in the log later.
   */
  private async requireReachable(url: string): Promise<void> {
    try {
      await resolveDestination(new URL(url), {
        allowPrivate: this.rules.allowPrivateNetworks,
        resolve: this.rules.resolve,
      });
    } catch (error) {
      if (error instanceof RefusedDestinationError) throw badRequest(error.message, { url: [error.message] });
      throw error;
    }
  }
}
