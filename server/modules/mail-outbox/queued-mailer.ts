import type { FastifyBaseLogger } from 'fastify';
import { uuidv7 } from '../../lib/ids';
import type { Mailer, MailMessage } from '../../lib/mail';
import { backoffMs, PollingWorker } from '../../lib/polling-worker';
import type { Scheduler } from '../../lib/scheduler';
import type { ClaimedMail, MailOutboxRepository } from './mail-outbox-repository';

export interface MailQueueOptions {
  pollIntervalMs: number;
  /** After this many attempts a message is failed for good. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export const MAIL_QUEUE_DEFAULTS: MailQueueOptions = {
  pollIntervalMs: 5_000,
  maxAttempts: 8,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
};

/** How long one send may hold its lease (nodemailer's own timeouts end well before). */
const SEND_LEASE_MS = 5 * 60_000;

/**
 * Account emails through the outbox (docs/decisions/0045-mail-outbox.md): `send`
 * writes the message and wakes this instance's worker; the worker of whichever instance leases it
 * sends it through `transport` (SMTP, or the log), retrying with backoff while SMTP is down, so a
 * message survives a restart and is sent once across instances.
 */
export class QueuedMailer implements Mailer {
  private readonly loop: PollingWorker<ClaimedMail>;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly transport: Mailer,
    private readonly options: MailQueueOptions,
    private readonly log: FastifyBaseLogger,
    scheduler: Pick<Scheduler, 'add'>,
  ) {
    this.loop = new PollingWorker(
      { pollIntervalMs: options.pollIntervalMs, batchSize: 10, leaseMs: SEND_LEASE_MS, label: 'mail outbox' },
      {
        claim: (now, lockedUntil, limit) => outbox.claimDue(now, lockedUntil, limit),
        handle: (mail) => this.deliver(mail),
      },
      log,
      scheduler,
    );
  }

  async send(message: MailMessage): Promise<void> {
    await this.outbox.add(uuidv7(), message, new Date().toISOString());
    this.loop.wake();
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    try {
      await this.transport.send({ to: mail.to, subject: mail.subject, text: mail.text });
      await this.outbox.sent(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (this.loop.stopped) {
        await this.outbox.release(mail).catch(() => undefined);
        return;
      }
      if (mail.attempts >= this.options.maxAttempts) {
        this.log.error({ err: error, subject: mail.subject }, 'an account email failed for good');
        await this.outbox.failed(mail, reason);
        return;
      }
      this.log.warn(
        { err: error, subject: mail.subject, attempts: mail.attempts },
        'an account email will be retried',
      );
      const wait = backoffMs(mail.attempts, this.options.backoffBaseMs, this.options.backoffMaxMs);
      await this.outbox.retryAt(mail, new Date(Date.now() + wait).toISOString(), reason);
    }
  }
}
