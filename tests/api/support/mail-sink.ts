import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as a reader's mail program shows it: the first recipient, subject and plain text. */
export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface MailSink {
  /** `smtp://127.0.0.1:PORT`, for SMTP_URL. */
  url: string;
  /** Everything received so far, oldest first. */
  inbox: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server, from npm) on a free port, whose messages are parsed by a real
 * parser (mailparser): what the API and browser tests read the server's emails from.
 */
export async function startMailSink(): Promise<MailSink> {
  const inbox: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
          inbox.push({
            to: to?.value[0]?.address ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}
