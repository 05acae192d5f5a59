import type { FastifyBaseLogger } from 'fastify';
import { emailKey } from '../../../contracts/auth';
import { isUuid } from '../../../contracts/ids';
import {
  CHECK_INBOX_MESSAGE,
  CONFIRMATION_RESEND_AFTER_SECONDS,
  CONFIRMATION_TTL_DAYS,
  EMAIL_NEEDED_MESSAGE,
  LINK_EXPIRED_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  NEWSLETTER_PAGE_PATHS,
  PUBLICATION_NOT_FOUND_MESSAGE,
  RESUBSCRIBED_MESSAGE,
  SUBSCRIBED_MESSAGE,
  SUBSCRIPTION_GONE_MESSAGE,
  TOO_MANY_SUBSCRIPTIONS_MESSAGE,
  UNSUBSCRIBED_MESSAGE,
  normalizeSubscriberEmail,
  type SubscribeInput,
} from '../../../contracts/newsletters';
import type { Viewer } from '../accounts/authenticator';
import { DuplicateKey } from '../../lib/constraint-violations';
import { badRequest, conflict, gone, notFound, unauthorized } from '../../lib/http-errors';
import { uuidv7 } from '../../lib/ids';
import type { Mailer } from '../../lib/mail';
import type { RateLimiter, RateLimiters } from '../../lib/rate-limiter';
import type { PublicationRow } from '../publications/publications-repository';
import type { UsersRepository } from '../users/users-repository';
import type { SubscriberListener } from '../webhooks/webhook-events';
import { spend } from '../users/users-service';
import { confirmSubscriptionMessage } from './newsletter-emails';
import { hashConfirmationToken, newConfirmationToken, type UnsubscribeLinks } from './newsletter-links';
import type { ConfirmationLink, NewslettersRepository, SubscriptionRow } from './newsletters-repository';

const DAY_MS = 24 * 60 * 60_000;

/** The lists a reader can subscribe to: publications, a writer's own blog among them. */
export interface NewsletterLists {
  findBySlug(slug: string): Promise<PublicationRow | undefined>;
  findById(id: string): Promise<PublicationRow | undefined>;
}

export interface NewslettersServiceDeps {
  subscriptions: NewslettersRepository;
  lists: NewsletterLists;
  /** A signed-in reader who gives no address subscribes with their account's. */
  users: Pick<UsersRepository, 'findById'>;
  mailer: Mailer;
  unsubscribeLinks: UnsubscribeLinks;
  publicUrl: string;
  log: FastifyBaseLogger;
  limiters: RateLimiters<'newsletterRequestsPerAddress' | 'newsletterRequestsPerIp'>;
  /** Told when an address starts or stops receiving a list (the owner's webhooks). */
  events: SubscriberListener;
  /** The clock; tests move it. */
  now?: () => Date;
}

/** What a link did, and to which list: the pages show the list's name and site. */
export interface LinkOutcome {
  message: string;
  list: PublicationRow;
  /** The subscription's unsubscribe token (the confirmation page links to it). */
  unsubscribeToken: string;
}

/**
 * Subscribing to a newsletter and leaving it (docs/decisions/0060-newsletter-subscriptions.md):
 * double opt-in by an emailed link, answers that never tell whether an address was subscribed,
 * one confirmation a minute at most for a pending address, and unsubscribing by a signed link.
 */
export class NewslettersService {
  private readonly byAddress: RateLimiter;
  private readonly byIp: RateLimiter;
  private readonly now: () => Date;

  constructor(private readonly deps: NewslettersServiceDeps) {
    this.byAddress = deps.limiters.limiter('newsletterRequestsPerAddress');
    this.byIp = deps.limiters.limiter('newsletterRequestsPerIp');
    this.now = deps.now ?? (() => new Date());
  }

  /** The list a form or a call names: a publication's slug, or its id (a writer's user id). */
  async listOf(ref: string): Promise<PublicationRow> {
    const key = ref.trim().toLowerCase();
    const list = isUuid(key) ? await this.deps.lists.findById(key) : await this.deps.lists.findBySlug(key);
    if (!list) throw notFound(PUBLICATION_NOT_FOUND_MESSAGE);
    return list;
  }

  /**
   * Asks for a subscription. The answer is the same for a new, pending, active, unsubscribed or
   * bounced address; only a new or not-active one is emailed, and a pending one at most once a
   * minute. The confirmation is queued, not awaited: how long it takes must not tell either.
   */
  async subscribe(
    input: SubscribeInput,
    viewer: Viewer | null,
    ip: string,
  ): Promise<{ message: string; list: PublicationRow }> {
    const list = await this.listOf(input.publication);
    const email = normalizeSubscriberEmail(input.email ?? (await this.accountEmail(viewer)));
    // Counted for every address alike, so the limit reveals nothing either.
    await spend(this.byIp, ip, TOO_MANY_SUBSCRIPTIONS_MESSAGE);
    await spend(this.byAddress, emailKey(email), TOO_MANY_SUBSCRIPTIONS_MESSAGE);
    const { token, link } = this.newLink();
    const existing = await this.deps.subscriptions.findByListAndEmail(list.id, email);
    let send = false;
    if (!existing) {
      try {
        await this.deps.subscriptions.insertPending({
          id: uuidv7(),
          publicationId: list.id,
          email,
          userId: viewer && !viewer.apiKey ? viewer.id : null,
          link,
        });
        send = true;
      } catch (error) {
        // The same address asked twice at once: the other request sends the one confirmation.
        if (!(error instanceof DuplicateKey)) throw error;
      }
    } else if (existing.status !== 'active') {
      const resendAfter = new Date(Date.parse(link.sentAt) - CONFIRMATION_RESEND_AFTER_SECONDS * 1000);
      send = await this.deps.subscriptions.replaceLink(existing.id, link, resendAfter.toISOString());
    }
    if (send) {
      const url = `${this.deps.publicUrl}${NEWSLETTER_PAGE_PATHS.confirm}?token=${token}`;
      this.sendLater(confirmSubscriptionMessage(email, list.name, url));
    }
    return { message: CHECK_INBOX_MESSAGE, list };
  }

  /**
   * Whether a confirmation link works, without using it (the page a GET shows): 404 for a token
   * never issued (or replaced), 410 for an expired one.
   */
  async checkConfirmation(token: string): Promise<SubscriptionRow> {
    const row = await this.deps.subscriptions.findByConfirmToken(hashConfirmationToken(token));
    if (!row) throw notFound(LINK_NOT_FOUND_MESSAGE);
    if (row.status !== 'active' && (row.confirm_expires_at ?? '') <= this.now().toISOString()) {
      throw gone(LINK_EXPIRED_MESSAGE);
    }
    return row;
  }

  /** The button on the confirmation page: the address becomes active. Pressing it again is fine. */
  async confirm(token: string): Promise<LinkOutcome> {
    const row = await this.checkConfirmation(token);
    if (row.status === 'active') return this.outcome(row, SUBSCRIBED_MESSAGE);
    if (!(await this.deps.subscriptions.confirm(row.id, this.now().toISOString()))) {
      // Lost to a request that changed it meanwhile: whatever it is now decides.
      await this.checkConfirmation(token);
      return this.outcome(row, SUBSCRIBED_MESSAGE);
    }
    return this.announce('subscriber.created', row, 'active', SUBSCRIBED_MESSAGE);
  }

  /** The subscription an unsubscribe link names: 404 for a forged one, 410 once it is gone. */
  async checkUnsubscribe(token: string): Promise<SubscriptionRow> {
    const id = this.deps.unsubscribeLinks.subscriptionOf(token);
    if (!id) throw notFound(LINK_NOT_FOUND_MESSAGE);
    const row = await this.deps.subscriptions.findById(id);
    if (!row) throw gone(SUBSCRIPTION_GONE_MESSAGE);
    return row;
  }

  /** The one-click POST and the page's button: the address gets nothing more from this list. */
  async unsubscribe(token: string): Promise<LinkOutcome> {
    const row = await this.checkUnsubscribe(token);
    const changed = await this.deps.subscriptions.unsubscribe(row.id, this.now().toISOString());
    // Only an address that was receiving the list was a subscriber to remove.
    if (changed && row.status === 'active') {
      return this.announce('subscriber.removed', row, 'unsubscribed', UNSUBSCRIBED_MESSAGE);
    }
    return this.outcome(row, UNSUBSCRIBED_MESSAGE);
  }

  /**
   * The unsubscribe page's undo: the link proves the mailbox, as a confirmation does, so an address
   * that had confirmed comes back at once. A bounced address, or one never confirmed, must
   * subscribe again (and confirm).
   */
  async resubscribe(token: string): Promise<LinkOutcome> {
    const row = await this.checkUnsubscribe(token);
    const now = this.now().toISOString();
    if (row.status !== 'active' && (await this.deps.subscriptions.resubscribe(row.id, now))) {
      return this.announce('subscriber.created', row, 'active', RESUBSCRIBED_MESSAGE);
    }
    const current = await this.checkUnsubscribe(token);
    if (current.status !== 'active') {
      throw conflict('This address needs a new confirmation: subscribe again from the site.');
    }
    return this.outcome(row, RESUBSCRIBED_MESSAGE);
  }

  private async outcome(row: SubscriptionRow, message: string): Promise<LinkOutcome> {
    const list = await this.deps.lists.findById(row.publication_id);
    // The list went with its publication (rows cascade), between the read and now.
    if (!list) throw gone(SUBSCRIPTION_GONE_MESSAGE);
    return { message, list, unsubscribeToken: this.deps.unsubscribeLinks.tokenFor(row.id) };
  }

  /** The outcome of a change of who receives the list, told to the list owner's webhooks. */
  private async announce(
    event: 'subscriber.created' | 'subscriber.removed',
    row: SubscriptionRow,
    status: SubscriptionRow['status'],
    message: string,
  ): Promise<LinkOutcome> {
    const outcome = await this.outcome(row, message);
    const { list } = outcome;
    await this.deps.events.subscriberChanged(event, {
      id: row.id,
      email: row.email,
      status,
      publication: { id: list.id, slug: list.slug, name: list.name },
    });
    return outcome;
  }

  private async accountEmail(viewer: Viewer | null): Promise<string> {
    if (!viewer) throw badRequest(EMAIL_NEEDED_MESSAGE, { email: [EMAIL_NEEDED_MESSAGE] });
    const user = await this.deps.users.findById(viewer.id);
    if (!user) throw unauthorized();
    return user.email;
  }

  private newLink(): { token: string; link: ConfirmationLink } {
    const { token, tokenHash } = newConfirmationToken();
    const now = this.now();
    return {
      token,
      link: {
        tokenHash,
        sentAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_DAYS * DAY_MS).toISOString(),
      },
    };
  }

  /** Queued, not awaited (see subscribe); the queue retries and logs its own failures. */
  private sendLater(message: ReturnType<typeof confirmSubscriptionMessage>): void {
    this.deps.mailer.send(message).catch((error: unknown) => {
      this.deps.log.error({ err: error }, 'a newsletter confirmation could not be queued');
    });
  }
}
