import { z } from './zod';

/**
 * Signed webhooks (docs/decisions/0039-webhooks.md): what a writer may subscribe to,
 * the form's rules and the shapes the API answers with. Shared by the server and the Settings page.
 */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'post.deleted',
  'comment.created',
  'subscriber.created',
  'subscriber.removed',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent only by "Send a test event"; nobody subscribes to it. */
export const WEBHOOK_PING_EVENT = 'ping';
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_PING_EVENT;

/** What each event means, in the Settings page's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'post.published': 'A post becomes public',
  'post.updated': 'A public post is edited',
  'post.unpublished': 'A public post goes back to draft or to a schedule',
  'post.deleted': 'A public post is deleted',
  'comment.created': 'Someone comments on one of your posts',
  'subscriber.created': 'Someone confirms a subscription to your newsletter',
  'subscriber.removed': 'A subscriber leaves your newsletter',
};

export const WEBHOOK_URL_MAX = 2048;
/** Hooks one writer may keep: each event is sent to every one of them. */
export const WEBHOOKS_PER_USER_MAX = 20;

export const WEBHOOK_NOT_FOUND_MESSAGE = 'Webhook not found';
export const WEBHOOK_URL_REQUIRED_MESSAGE = 'Enter the address that should receive events';
export const WEBHOOK_URL_INVALID_MESSAGE = 'Enter a full address starting with https:// or http://';
export const WEBHOOK_URL_CREDENTIALS_MESSAGE =
  'The address must not contain a user name or password; check the signature instead';
export const WEBHOOK_URL_TOO_LONG_MESSAGE = `The address must be at most ${WEBHOOK_URL_MAX} characters`;
export const WEBHOOK_EVENTS_REQUIRED_MESSAGE = 'Choose at least one event';
export const WEBHOOK_EVENT_UNKNOWN_MESSAGE = `Events must be among ${WEBHOOK_EVENTS.join(', ')}`;
export const WEBHOOK_DUPLICATE_MESSAGE = 'You already have a webhook for this address';
export const WEBHOOK_LIMIT_MESSAGE = `You can have at most ${WEBHOOKS_PER_USER_MAX} webhooks`;

const urlSchema = z
  .string({ error: WEBHOOK_URL_REQUIRED_MESSAGE })
  .trim()
  .min(1, { message: WEBHOOK_URL_REQUIRED_MESSAGE, abort: true })
  .max(WEBHOOK_URL_MAX, { message: WEBHOOK_URL_TOO_LONG_MESSAGE, abort: true })
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID_MESSAGE });
      return;
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_INVALID_MESSAGE });
    } else if (url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: WEBHOOK_URL_CREDENTIALS_MESSAGE });
    }
  });

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_EVENT_UNKNOWN_MESSAGE }), {
    error: WEBHOOK_EVENTS_REQUIRED_MESSAGE,
  })
  .min(1, WEBHOOK_EVENTS_REQUIRED_MESSAGE)
  .max(WEBHOOK_EVENTS.length, WEBHOOK_EVENT_UNKNOWN_MESSAGE)
  // Stored as a set, in the catalogue's order, so the same choice always reads the same.
  .transform((events) => WEBHOOK_EVENTS.filter((event) => events.includes(event)));

export const webhookCreateSchema = z.object({ url: urlSchema, events: eventsSchema });
export type WebhookCreateInput = z.infer<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  active: z.boolean({ error: 'active must be true or false' }).optional(),
});
export type WebhookUpdateInput = z.infer<typeof webhookUpdateSchema>;

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  /** Paused hooks receive nothing; their queued deliveries wait. */
  active: boolean;
  createdAt: string;
}

/** The answer to creating a hook: the only time its signing secret is shown. */
export interface CreatedWebhook extends Webhook {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One event sent (or still to send) to one hook: the delivery log's line. */
export interface WebhookDelivery {
  id: string;
  event: WebhookDeliveryEvent;
  state: WebhookDeliveryState;
  attempts: number;
  /** The receiver's last HTTP status; null when nothing answered (refused, timeout, network). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  /** When the next attempt is due while pending (a scheduled post's publication time, a retry). */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}

/** The latest deliveries a hook's log shows. */
export const WEBHOOK_DELIVERIES_SHOWN = 50;

export const WEBHOOK_SIGNATURE_HEADER = 'Inkwell-Signature';
export const WEBHOOK_EVENT_HEADER = 'Inkwell-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Inkwell-Delivery';
