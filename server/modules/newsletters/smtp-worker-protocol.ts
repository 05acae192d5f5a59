import type { NewsletterEmail } from './newsletter-message';
import type { RawNewsletterEmail } from './newsletter-raw-email';
import type { DkimOptions } from './newsletter-transport';

/** What the SMTP thread is started with: the pool it opens. */
export interface SmtpWorkerData {
  smtpUrl: string;
  connections: number;
  dkim: DkimOptions | undefined;
}

export type SmtpWorkerRequest =
  { type: 'send'; id: number; email: NewsletterEmail | RawNewsletterEmail } | { type: 'close' };

/**
 * What decides a failed delivery's fate (`classifySmtpFailure`): the SMTP reply code, the command
 * it answered and nodemailer's error code, with the message for the queue's record.
 */
export interface SmtpFailureFacts {
  message: string;
  responseCode?: number;
  command?: string;
  code?: string;
}

/** One email's outcome: sent, or failed with these facts. */
export interface SmtpWorkerReply {
  id: number;
  failure?: SmtpFailureFacts;
}

/** An error's facts as plain data: an Error's own fields do not all survive a thread's boundary. */
export function failureFacts(error: unknown): SmtpFailureFacts {
  const failure = error as { responseCode?: unknown; command?: unknown; code?: unknown };
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof failure.responseCode === 'number' ? { responseCode: failure.responseCode } : {}),
    ...(typeof failure.command === 'string' ? { command: failure.command } : {}),
    ...(typeof failure.code === 'string' ? { code: failure.code } : {}),
  };
}

/** The failure again as an Error with the same fields, as nodemailer's own would have them. */
export function failureError(facts: SmtpFailureFacts): Error {
  return Object.assign(new Error(facts.message), {
    ...(facts.responseCode !== undefined ? { responseCode: facts.responseCode } : {}),
    ...(facts.command !== undefined ? { command: facts.command } : {}),
    ...(facts.code !== undefined ? { code: facts.code } : {}),
  });
}
