/**
 * The newsletter's SMTP thread (decision 95): nodemailer's pool, its streams, DKIM signing and the
 * sockets run here, off the thread that answers readers. The main thread sends each email as a
 * message and gets back either `sent` or the SMTP failure's facts, which decide retry or bounce.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { PooledSmtpTransport } from './newsletter-transport';
import {
  failureFacts,
  type SmtpWorkerData,
  type SmtpWorkerReply,
  type SmtpWorkerRequest,
} from './smtp-worker-protocol';

function ownPort(): MessagePort {
  if (!parentPort) throw new Error('newsletter-smtp-worker runs as a worker thread');
  return parentPort;
}

/** How much lower than the request thread's the send's priority is (nice, 0 to 19). */
const SEND_NICENESS = 10;

/**
 * Readers first: on Linux this thread alone gets a lower priority, so that when the cores are
 * busy the scheduler runs the thread that answers requests before the send. Linux renices a
 * single thread given its id (/proc/thread-self names it); elsewhere the same call would renice
 * the whole server, so nothing changes there.
 */
function lowerOwnPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    // A server already started lower than that stays where it is (raising it needs privileges).
    if (Number.isInteger(threadId) && threadId > 0 && getPriority(threadId) < SEND_NICENESS)
      setPriority(threadId, SEND_NICENESS);
  } catch {
    // Not Linux: the send keeps the server's priority.
  }
}

lowerOwnPriority();
const port = ownPort();
const { smtpUrl, connections, dkim } = workerData as SmtpWorkerData;
const transport = new PooledSmtpTransport(smtpUrl, connections, dkim);

let sending = 0;
let closing = false;

/** Once asked to close and nothing is in flight: the pool says QUIT and the thread ends. */
function closeWhenIdle(): void {
  if (!closing || sending > 0) return;
  transport.close();
  port.close();
}

port.on('message', (request: SmtpWorkerRequest) => {
  if (request.type === 'close') {
    closing = true;
    closeWhenIdle();
    return;
  }
  sending++;
  transport
    .send(request.email)
    .then(
      () => port.postMessage({ id: request.id } satisfies SmtpWorkerReply),
      (error: unknown) =>
        port.postMessage({ id: request.id, failure: failureFacts(error) } satisfies SmtpWorkerReply),
    )
    .finally(() => {
      sending--;
      closeWhenIdle();
    });
});
