import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends the account emails (reset and confirmation links). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Through an SMTP server (SMTP_URL, nodemailer's smtp:// or smtps:// form). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * Without SMTP_URL: the message, link included, is written to the server log at `warn`, so an
 * operator of a small instance can pass the link on by hand (and sees that mail is not set up).
 */
export class LogMailer implements Mailer {
  constructor(private readonly log: FastifyBaseLogger) {}

  send(message: MailMessage): Promise<void> {
    this.log.warn(
      { mail: { to: message.to, subject: message.subject, text: message.text } },
      'SMTP_URL is not set: this email was written to the log instead of being sent',
    );
    return Promise.resolve();
  }
}

/** The sender when MAIL_FROM is unset: no-reply at the site's host name. */
export function defaultSender(publicUrl: string): string {
  return `Inkwell <no-reply@${new URL(publicUrl).hostname}>`;
}

/** The address of a sender written `Name <address>` or bare (MAIL_FROM's two forms). */
export function senderAddress(sender: string): string {
  const angled = /<([^<>]+)>\s*$/.exec(sender);
  return (angled?.[1] ?? sender).trim();
}
