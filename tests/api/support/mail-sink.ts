import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a reader's mail program shows it: the first recipient, subject and plain text. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, when there is one. */
  html: string | undefined;
  /** The sender's display name and address. */
  from: { name: string; address: string };
  replyTo: string | undefined;
  /** Every header as received, names lower-cased (a header seen twice keeps its last value). */
  headers: Map<string, string>;
  /** The message as it came over SMTP, headers and body (to check a signature over it). */
  raw: string;
}

/** How the sink answers RCPT TO for an address: undefined accepts it, else an SMTP error. */
export type RecipientRule = (address: string) => { code: number; message: string } | undefined;

export interface MailSink {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  /** Everything received so far, oldest first. */
  inbox: ReceivedMail[];
  /** Answers RCPT TO (a test sets it to refuse some addresses). */
  recipients: RecipientRule;
  /** While set, each message's DATA waits for this promise before it is accepted. */
  gate: Promise<void> | undefined;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, from npm) on a free port, whose messages are parsed by a real
 * parser (mailparser): what the API and browser tests read the server's emails from.
 */
export async function startMailSink(): Promise<MailSink> {
  const inbox: ReceivedMail[] = [];
  const sink: Omit<MailSink, 'url' | 'close'> = {
    inbox,
    recipients: () => undefined,
    gate: undefined,
  };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = sink.recipients(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.message) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      new Promise<Buffer>((resolve, reject) => {
        stream.on('end', () => resolve(Buffer.concat(chunks)));
        stream.on('error', reject);
      })
        .then(async (raw) => [raw, await simpleParser(raw)] as const)
        .then(async ([raw, parsed]) => {
          await sink.gate;
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          const from = parsed.from?.value[0];
          const headers = new Map<string, string>();
          for (const line of parsed.headerLines)
            headers.set(line.key, line.line.replace(/\r?\n\s+/g, ' ').replace(/^[^:]*:\s*/, ''));
          inbox.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : undefined,
            from: { name: from?.name ?? '', address: from?.address ?? '' },
            replyTo: parsed.replyTo?.value[0]?.address,
            headers,
            raw: raw.toString('latin1'),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  });
}
