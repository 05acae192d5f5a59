import { readdirSync, readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { classifySmtpFailure } from '../../server/modules/newsletters/newsletter-transport';
import {
  SMTP_THREAD_ENDED,
  WorkerSmtpTransport,
} from '../../server/modules/newsletters/worker-smtp-transport';
import { startMailSink } from './support/mail-sink';

/** The newsletter's SMTP thread (decision 95) against a real SMTP server (smtp-server). */
const sink = await startMailSink();
afterAll(() => sink.close());

const log = pino({ level: 'silent' });

const email = (to: string, subject: string) => ({
  envelope: { from: 'news@example.com', to: [to] },
  raw: `From: news@example.com\r\nTo: ${to}\r\nSubject: ${subject}\r\n\r\nHello from the thread.\r\n`,
  subject,
});

describe('the newsletter SMTP thread', () => {
  it('sends through its pool and answers each send', async () => {
    const transport = new WorkerSmtpTransport({ smtpUrl: sink.url, connections: 2, dkim: undefined }, log);
    try {
      await Promise.all([1, 2, 3].map((n) => transport.send(email(`reader${n}@example.com`, `Thread ${n}`))));
      expect(
        sink.inbox
          .filter((mail) => mail.subject.startsWith('Thread '))
          .map((mail) => mail.to)
          .sort(),
      ).toEqual(['reader1@example.com', 'reader2@example.com', 'reader3@example.com']);
    } finally {
      transport.close();
    }
  });

  it.skipIf(process.platform !== 'linux')(
    "runs below the request thread's priority, without lowering the server's",
    async () => {
      const niceness = () =>
        new Map(
          readdirSync('/proc/self/task').map((thread) => [
            thread,
            // Field 19 of a thread's stat, counted after the parenthesised name (which may hold spaces).
            Number(readFileSync(`/proc/self/task/${thread}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]),
          ]),
        );
      const before = niceness();
      const transport = new WorkerSmtpTransport({ smtpUrl: sink.url, connections: 1, dkim: undefined }, log);
      try {
        await transport.send(email('nice@example.com', 'Nice'));
        const started = [...niceness()].filter(([thread]) => !before.has(thread));
        expect(started.filter(([, nice]) => nice === 10)).toHaveLength(1);
        expect(niceness().get(String(process.pid))).toBe(before.get(String(process.pid)));
      } finally {
        transport.close();
      }
    },
  );

  it('brings back the SMTP reply that decides retry or bounce', async () => {
    sink.recipients = (address) =>
      address === 'gone@example.com'
        ? { code: 550, message: 'No such user' }
        : address === 'busy@example.com'
          ? { code: 451, message: 'Try again later' }
          : undefined;
    const transport = new WorkerSmtpTransport({ smtpUrl: sink.url, connections: 1, dkim: undefined }, log);
    try {
      const gone = await transport.send(email('gone@example.com', 'Gone')).catch((error: unknown) => error);
      expect(gone).toMatchObject({ responseCode: 550, command: 'RCPT TO' });
      expect(classifySmtpFailure(gone)).toBe('bounce');
      const busy = await transport.send(email('busy@example.com', 'Busy')).catch((error: unknown) => error);
      expect(classifySmtpFailure(busy)).toBe('retry');
    } finally {
      sink.recipients = () => undefined;
      transport.close();
    }
  });

  it('answers what it is sending before it closes, and sends nothing after', async () => {
    const transport = new WorkerSmtpTransport({ smtpUrl: sink.url, connections: 1, dkim: undefined }, log);
    const sending = transport.send(email('last@example.com', 'Last one'));
    transport.close();
    await sending;
    expect(sink.inbox.some((mail) => mail.subject === 'Last one')).toBe(true);
    await expect(transport.send(email('late@example.com', 'Too late'))).rejects.toThrow('closed');
  });

  it('fails the sends a dead thread leaves waiting, for good, and starts a new thread for the next', async () => {
    const transport = new WorkerSmtpTransport(
      { smtpUrl: sink.url, connections: 1, dkim: undefined },
      log,
      new URL('./fixtures/smtp-thread-that-dies.mjs', import.meta.url),
    );
    try {
      for (const subject of ['First', 'Second']) {
        const failure = await transport
          .send(email('reader@example.com', subject))
          .catch((error: unknown) => error);
        expect(failure).toMatchObject({ message: SMTP_THREAD_ENDED });
        // The server may have taken it: never sent again (at most once).
        expect(classifySmtpFailure(failure)).toBe('fail');
      }
    } finally {
      transport.close();
    }
  });
});
