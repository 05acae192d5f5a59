import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  /** The request's path, which tells the test's hooks apart. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body, exactly as sent: what a signature is checked against. */
  body: string;
  at: number;
}

/** How the receiver answers a request: a status and optional headers. */
export type Responder = (received: ReceivedHook) => { status: number; headers?: Record<string, string> };

/**
 * A real HTTP server on 127.0.0.1 standing in for a writer's webhook receiver. It keeps every
 * request it got; `answer` decides the status (200 unless told otherwise).
 */
export class WebhookReceiver {
  readonly received: ReceivedHook[] = [];
  answer: Responder = () => ({ status: 200 });
  private server: Server | undefined;

  static async start(port = 0): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await receiver.listen(port);
    return receiver;
  }

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  async listen(port: number): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = {
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        this.received.push(received);
        const { status, headers } = this.answer(received);
        response.writeHead(status, { 'content-type': 'text/plain', ...headers });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.server = server;
  }

  /** Requests with this event header (and, if given, about this post or comment id). */
  events(event: string, mentioning?: string): ReceivedHook[] {
    return this.received.filter(
      (hook) =>
        hook.headers['inkwell-event'] === event &&
        (mentioning === undefined || hook.body.includes(mentioning)),
    );
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }
}
