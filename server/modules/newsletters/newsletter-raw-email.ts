import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import {
  htmlDocument,
  newsletterEmail,
  readerParts,
  type EmailContext,
  type NewsletterEmail,
  type PostEmailBody,
} from './newsletter-message';

/** One reader's email as its whole MIME source, with the SMTP envelope nodemailer sends it under. */
export interface RawNewsletterEmail {
  envelope: { from: string; to: string[] };
  raw: string;
  /** For the log only. */
  subject: string;
}

/** What nodemailer writes as is for a reader's own address; anything else is composed by it. */
const PLAIN_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** Quoted-printable with soft line breaks (RFC 2045 §6.7), lines ending in CRLF. */
const quotedPrintable = (text: string) => qpWrap(qpEncode(text.replace(/\r?\n/g, '\r\n')), 76);

/** A soft line break: what separates two pieces encoded apart, decoded as nothing between them. */
const SOFT_BREAK = '=\r\n';

/**
 * A post's email encoded once (decision 92): the headers every reader shares, as nodemailer writes
 * them, and the text and HTML parts in quoted-printable around the footer's place. Each reader's
 * copy encodes only what is theirs (To, Date, Message-ID, List-Unsubscribe, the footer) and joins
 * the pieces: quoted-printable pieces joined by a soft line break decode to the joined text.
 * nodemailer then sends the source as it is (DKIM-signing it when configured).
 */
export class RawEmailTemplate {
  private readonly sharedHeaders: string;
  private readonly boundary: string;
  private readonly textBody: string;
  private readonly htmlBefore: string;
  private readonly htmlAfter: string;
  private readonly messageIdHost: string;

  private constructor(
    private readonly body: PostEmailBody,
    private readonly context: EmailContext,
    composed: string,
  ) {
    const head = composed.slice(0, composed.indexOf('\r\n\r\n'));
    this.sharedHeaders = head
      .split(/\r\n(?![ \t])/)
      .filter((field) => !/^(to|date|message-id|list-unsubscribe):/i.test(field))
      .join('\r\n');
    const boundary = /boundary="([^"]+)"/.exec(head)?.[1];
    if (!boundary) throw new Error('a newsletter email is multipart/alternative');
    this.boundary = boundary;
    this.textBody = quotedPrintable(body.text + '\n');
    const [before, after] = htmlDocument(body);
    this.htmlBefore = quotedPrintable(before);
    this.htmlAfter = quotedPrintable(after);
    this.messageIdHost = context.fromAddress.split('@').pop() ?? 'localhost';
  }

  /**
   * The shared headers are nodemailer's own, written once for a stand-in reader (it encodes names
   * that are not ASCII, writes List-Id, folds long lines); the stand-in's fields are left out.
   */
  static async of(body: PostEmailBody, context: EmailContext): Promise<RawEmailTemplate> {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    const info = await composer.sendMail({
      ...newsletterEmail(body, 'reader@example.invalid', 'stand-in', context),
      text: ' ',
      html: ' ',
    });
    return new RawEmailTemplate(body, context, info.message.toString('utf8'));
  }

  /** One reader's source; undefined for an address this plain writing cannot carry (nodemailer composes it). */
  for(to: string, unsubscribeToken: string): RawNewsletterEmail | undefined {
    if (!PLAIN_ADDRESS.test(to)) return undefined;
    const reader = readerParts(this.body, unsubscribeToken, this.context);
    const part = (type: string) =>
      `--${this.boundary}\r\nContent-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n`;
    const raw = [
      `To: ${to}\r\n`,
      `Date: ${new Date().toUTCString().replace(/GMT/, '+0000')}\r\n`,
      `Message-ID: <${randomUUID()}@${this.messageIdHost}>\r\n`,
      `List-Unsubscribe: ${reader.listUnsubscribe}\r\n`,
      this.sharedHeaders,
      '\r\n\r\n',
      part('text/plain'),
      this.textBody,
      SOFT_BREAK,
      quotedPrintable(reader.footerText),
      '\r\n',
      part('text/html'),
      this.htmlBefore,
      SOFT_BREAK,
      quotedPrintable(reader.footerHtml),
      SOFT_BREAK,
      this.htmlAfter,
      `\r\n--${this.boundary}--\r\n`,
    ].join('');
    return { envelope: { from: this.context.fromAddress, to: [to] }, raw, subject: this.body.subject };
  }
}

/** Whether an email is a whole source already (else nodemailer composes it). */
export function isRaw(email: NewsletterEmail | RawNewsletterEmail): email is RawNewsletterEmail {
  return 'raw' in email;
}
