/**
 * The newsletter bench's SMTP server, in a process of its own (`node --import tsx`, started by
 * startCountingSink in newsletter.ts): it accepts everything and counts the recipients of what it
 * was given, without parsing it. Not in the bench's own process: there, taking in a thousand
 * messages a second would share an event loop with the paced load generator's reading of
 * answers, and the reads' latency during a send could measure the sink as well as the server.
 *
 * Says `{ port }` over IPC once listening, then `{ delivered }` whenever the count changed, at
 * most every COUNT_EVERY_MS; closes on `'close'`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const COUNT_EVERY_MS = 20;

let delivered = 0;
let told = -1;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  // Many pooled connections from the server; the default of 100 clients is not a limit here.
  maxClients: 1_000,
  onData(stream, session, callback) {
    stream.on('end', () => {
      delivered += session.envelope.rcptTo.length;
      callback();
    });
    stream.resume();
  },
});

const send = (message: object) => process.send?.(message);

smtp.listen(0, '127.0.0.1', () => {
  send({ port: (smtp.server.address() as AddressInfo).port });
  setInterval(() => {
    if (delivered === told) return;
    told = delivered;
    send({ delivered });
  }, COUNT_EVERY_MS).unref();
});

process.on('message', (message) => {
  if (message === 'close') smtp.close(() => process.exit(0));
});
// The bench gone (a crash, Ctrl-C) is no reason to stay.
process.on('disconnect', () => process.exit(0));
