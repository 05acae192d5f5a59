import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NewsletterEmail } from './newsletter-message';
import { isRaw, type RawNewsletterEmail } from './newsletter-raw-email';

/** Where newsletter emails leave: a pooled SMTP connection, or the log without SMTP_URL. */
export interface NewsletterTransport {
  /** A message for nodemailer to compose, or a whole source to send as it is. */
  send(email: NewsletterEmail | RawNewsletterEmail): Promise<void>;
  close(): void;
}

export interface DkimOptions {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

/**
 * The header fields a DKIM signature covers: nodemailer's own list and `List-Unsubscribe-Post`,
 * which RFC 8058 §4 requires a valid signature to cover for one-click unsubscribing (Gmail and
 * Yahoo read the header only then); nodemailer's list leaves it out.
 */
export const DKIM_SIGNED_FIELDS = [
  'From:Sender:Reply-To:Subject:Date:Message-ID:To:Cc:MIME-Version:Content-Type',
  'Content-Transfer-Encoding:Content-ID:Content-Description:Resent-Date:Resent-From',
  'Resent-Sender:Resent-To:Resent-Cc:Resent-Message-ID:In-Reply-To:References:List-Id:List-Help',
  'List-Unsubscribe:List-Unsubscribe-Post:List-Subscribe:List-Post:List-Owner:List-Archive',
].join(':');

/**
 * nodemailer's pool: a few connections kept open and reused for many messages, instead of one
 * SMTP handshake per reader. With DKIM configured, every message is signed.
 */
export class PooledSmtpTransport implements NewsletterTransport {
  private readonly transport: Transporter;

  constructor(smtpUrl: string, connections: number, dkim: DkimOptions | undefined) {
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: connections,
      maxMessages: 500,
      ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_FIELDS } } : {}),
    } as Parameters<typeof nodemailer.createTransport>[0]);
  }

  async send(email: NewsletterEmail | RawNewsletterEmail): Promise<void> {
    await this.transport.sendMail(email);
  }

  close(): void {
    this.transport.close();
  }
}

/** Without SMTP_URL: who would have received what, in the log (a development instance). */
export class LogNewsletterTransport implements NewsletterTransport {
  constructor(private readonly log: FastifyBaseLogger) {}

  send(email: NewsletterEmail | RawNewsletterEmail): Promise<void> {
    this.log.info(
      { to: isRaw(email) ? email.envelope.to.join(', ') : email.to, subject: email.subject },
      'SMTP_URL is not set: a newsletter email was logged',
    );
    return Promise.resolve();
  }

  close(): void {}
}

/** What an SMTP failure means for the delivery (decision 61). */
export type FailureKind = 'retry' | 'bounce' | 'fail';

/**
 * 4xx: temporary, try again later. 5xx answering RCPT: the address does not exist or refuses
 * us, so it is bounced. Other 5xx: this message failed for good. No answer at all while
 * connecting: the message never left, so it is retried; any other silence could have come after
 * the server took the message, and is not retried (at most once).
 */
export function classifySmtpFailure(error: unknown): FailureKind {
  const failure = error as { responseCode?: number; command?: string; code?: string };
  const status = failure.responseCode;
  if (typeof status === 'number') {
    if (status >= 400 && status < 500) return 'retry';
    if (status >= 500 && /RCPT/i.test(failure.command ?? '')) return 'bounce';
    return 'fail';
  }
  if (failure.command === 'CONN' || failure.code === 'ECONNECTION' || failure.code === 'EDNS') return 'retry';
  return 'fail';
}
