import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { NewsletterEmail } from './newsletter-message';
import type { RawNewsletterEmail } from './newsletter-raw-email';
import type { NewsletterTransport } from './newsletter-transport';
import {
  failureError,
  type SmtpWorkerData,
  type SmtpWorkerReply,
  type SmtpWorkerRequest,
} from './smtp-worker-protocol';

/**
 * The SMTP thread's script: beside `server.mjs` in the build, where scripts/build-server.mjs
 * bundles it as an entry of its own, and beside this module in the source, through tsx.
 */
export function smtpWorkerScript(moduleUrl: string = import.meta.url): URL {
  return moduleUrl.endsWith('.ts')
    ? new URL('./newsletter-smtp-worker-from-source.mjs', moduleUrl)
    : new URL('./newsletter-smtp-worker.mjs', moduleUrl);
}

/** What a send waiting on the thread is told when the thread ends under it. */
export const SMTP_THREAD_ENDED = 'the newsletter SMTP thread ended before answering';

interface Waiting {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * nodemailer's pool in a worker thread (decision 95): composing the SMTP stream, DKIM signing and
 * the sockets cost about half a core at 1,000 emails a second, which readers felt as slower pages
 * when it ran on their thread. Each send is one message each way. If the thread ends while sends
 * wait, they fail without a reply code, so none is retried (the server may have taken them: at
 * most once, decision 61), and the next send starts a new thread.
 */
export class WorkerSmtpTransport implements NewsletterTransport {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private closed = false;

  constructor(
    private readonly data: SmtpWorkerData,
    private readonly log: FastifyBaseLogger,
    private readonly script: URL = smtpWorkerScript(),
  ) {}

  send(email: NewsletterEmail | RawNewsletterEmail): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the newsletter transport is closed'));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ type: 'send', id, email } satisfies SmtpWorkerRequest);
    });
  }

  close(): void {
    this.closed = true;
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    // The thread answers what it is sending, then its pool says QUIT and it ends by itself
    // (what still waits then is ended on its exit); it does not hold the process open meanwhile.
    worker.postMessage({ type: 'close' } satisfies SmtpWorkerRequest);
    worker.unref();
  }

  private start(): Worker {
    const worker = new Worker(this.script, { workerData: this.data });
    worker.on('message', (reply: SmtpWorkerReply) => {
      const waiting = this.waiting.get(reply.id);
      if (!waiting) return;
      this.waiting.delete(reply.id);
      if (reply.failure) waiting.reject(failureError(reply.failure));
      else waiting.resolve();
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'the newsletter SMTP thread failed'));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.endWaiting();
    });
    this.worker = worker;
    return worker;
  }

  private endWaiting(): void {
    for (const waiting of this.waiting.values()) waiting.reject(new Error(SMTP_THREAD_ENDED));
    this.waiting.clear();
  }
}
