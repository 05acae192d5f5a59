import { emailSchema } from './auth';
import { z } from './zod';

/**
 * Newsletters (docs/decisions/0060-newsletter-subscriptions.md): a reader subscribes by email to a
 * publication (a writer's own blog is their personal publication), confirms from an emailed link,
 * and leaves with one click. The words and rules the server, its pages and the web app share.
 */

/** Where the server-rendered pages live (plain forms post here, emails link here). */
export const NEWSLETTER_PAGE_PATHS = {
  subscribe: '/newsletters/subscribe',
  confirm: '/newsletters/confirm',
  unsubscribe: '/newsletters/unsubscribe',
  resubscribe: '/newsletters/resubscribe',
} as const;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How long a confirmation link works, and how long an unconfirmed address is kept. */
export const CONFIRMATION_TTL_DAYS = 7;
/** A second request for a pending address within this sends no second confirmation. */
export const CONFIRMATION_RESEND_AFTER_SECONDS = 60;

/** The one answer to every accepted request: it never says whether the address was subscribed. */
export const CHECK_INBOX_MESSAGE =
  'Check your inbox: if the address needs confirming, a link is on its way. Nothing is sent to it until then.';
export const SUBSCRIBED_MESSAGE = 'You are subscribed.';
export const UNSUBSCRIBED_MESSAGE = 'You are unsubscribed. No more emails will be sent to this address.';
export const RESUBSCRIBED_MESSAGE = 'You are subscribed again.';
export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = 'Too many subscription requests. Please try again later.';
export const PUBLICATION_NOT_FOUND_MESSAGE = 'There is no blog or publication at this address';
export const EMAIL_NEEDED_MESSAGE = 'Email is required';
export const LINK_NOT_FOUND_MESSAGE = 'This link is not valid. Check that it was copied whole.';
export const LINK_EXPIRED_MESSAGE = 'This link has expired. Subscribe again to get a new one.';
export const SUBSCRIPTION_GONE_MESSAGE = 'This subscription no longer exists.';

/** A publication's slug, or its id (a writer's own blog has the writer's user id). */
const publicationRefSchema = z
  .string({ error: 'Publication is required' })
  .trim()
  .min(1, 'Publication is required')
  .max(200, 'Publication must be at most 200 characters');

/**
 * A subscription request. `email` may be left out by a signed-in reader: their account's address
 * is used (and confirmed like any other).
 */
export const subscribeSchema = z.object({
  publication: publicationRefSchema,
  email: emailSchema.optional(),
});
export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** A link's token: confirmation tokens are random, unsubscribe tokens signed. */
export const linkTokenSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(200, LINK_NOT_FOUND_MESSAGE),
});
export type LinkTokenInput = z.infer<typeof linkTokenSchema>;

/**
 * The stored form of a subscriber's address: trimmed, the domain lower-cased (domains are
 * case-insensitive; the local part belongs to the receiving server, so it is kept as typed).
 */
export function normalizeSubscriberEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  return at < 0 ? trimmed : `${trimmed.slice(0, at)}${trimmed.slice(at).toLowerCase()}`;
}

/**
 * What a list's posts do when the writer names no choice (`POST /api/post/blog` without
 * `newsletter`, and where the writing page's choice starts): `email` (publish and email, the default)
 * or `web` (publish on the web only). Decisions 61 and 65.
 */
export const DEFAULT_DELIVERIES = ['email', 'web'] as const;
export type DefaultDelivery = (typeof DEFAULT_DELIVERIES)[number];
export const DEFAULT_DELIVERY_MESSAGE = 'defaultDelivery must be "email" or "web"';
