import { startMailSink, type MailSink } from '../../tests/api/support/mail-sink';
import { test } from './fixtures';
import { startBuiltServer, type RunningServer } from './server-process';

/** A test file's own server and the SMTP server it sends its mail to. */
export interface ServerWithMail {
  readonly server: RunningServer;
  /** A real SMTP server (smtp-server) and parser (mailparser): what the recipients receive. */
  readonly sink: MailSink;
}

/**
 * Starts, for the calling test file, a mail sink and a built server whose SMTP_URL points at it
 * (stopped after the file's tests). Read `server` and `sink` inside tests, once they have started.
 */
export function serverWithMailSink(): ServerWithMail {
  let sink: MailSink | undefined;
  let server: RunningServer | undefined;

  test.beforeAll(async () => {
    sink = await startMailSink();
    server = await startBuiltServer({ SMTP_URL: sink.url });
  });

  test.afterAll(async () => {
    await server?.stop();
    await sink?.close();
  });

  return {
    get server(): RunningServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
    get sink(): MailSink {
      if (!sink) throw new Error('the mail sink starts in beforeAll');
      return sink;
    },
  };
}

/** Waits for a message (or anything read from the inbox) to arrive: 20 s at the most. */
export async function until<T>(find: () => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}
