/**
 * `npm run bench -- --newsletter [--subscribers N] [--newsletter-rate R]`: one post emailed to N
 * confirmed subscribers (default 100,000). Starts a local SMTP server (smtp-server, from npm, in
 * this process: it counts each message's recipients and reads the data without parsing it) and
 * the built server pointed at it with NEWSLETTER_SEND_RATE=R, signs a writer up, writes N active
 * subscriptions of the writer's own blog straight into the database (as the scenarios seed posts),
 * then publishes one post through the API with `newsletter: "email"` and times: the publish
 * request (the send is queued, not done inline), and every message delivered to the sink. The
 * server's RSS is read each second meanwhile: a flat line says no list of N is held in memory.
 * Writes bench/results/newsletter.json.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { openDatabase } from '../server/db/database';
import { uuidv7 } from '../server/lib/ids';
import { onCleanup } from './cleanup';
import { startCpuAccounting } from './cpu';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import type { BenchOptions } from './options';
import { buildServerBundle, startAppServer } from './processes';
import { signUpBenchAccount } from './reader';
import { writeReport } from './report';

/** Rows a multi-row INSERT carries (SQLite's limit on bound values is 32,766; 14 columns a row). */
const INSERT_ROWS = 1_000;
/** How long the whole send may take before the bench gives up (the target is 5 minutes). */
const GIVE_UP_MS = 20 * 60 * 1000;

interface Sink {
  url: string;
  delivered: () => number;
  close: () => Promise<void>;
}

/** An SMTP server that accepts everything and counts what it was given, without parsing it. */
async function startCountingSink(): Promise<Sink> {
  let delivered = 0;
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    delivered: () => delivered,
    close: () => new Promise<void>((resolve) => smtp.close(resolve)),
  };
}

/** N active subscriptions of `publicationId`, confirmed, written in multi-row INSERTs. */
async function seedSubscribers(
  databaseUrl: string,
  dataDir: string,
  publicationId: string,
  count: number,
): Promise<number> {
  const database = openDatabase({ databaseUrl, dataDir });
  const started = performance.now();
  try {
    const now = new Date().toISOString();
    for (let first = 0; first < count; first += INSERT_ROWS) {
      const rows = Array.from({ length: Math.min(INSERT_ROWS, count - first) }, (_, n) => ({
        id: uuidv7(),
        publication_id: publicationId,
        email: `reader${first + n}@bench.example`,
        user_id: null,
        status: 'active' as const,
        confirm_token_hash: null,
        confirm_expires_at: null,
        confirm_sent_at: null,
        confirmed_at: now,
        unsubscribed_at: null,
        created_at: now,
        updated_at: now,
      }));
      await database.db.insertInto('newsletter_subscriptions').values(rows).execute();
    }
  } finally {
    await database.close();
  }
  return performance.now() - started;
}

export async function runNewsletter(options: BenchOptions): Promise<void> {
  const count = options.subscribers;
  buildServerBundle(options.skipBuild);
  const database = await createBenchDatabase(options.postgresUrl);
  const dropDatabase = onCleanup(() => database.dispose());
  const version = await databaseVersion(database);
  const sink = await startCountingSink();
  const closeSink = onCleanup(() => sink.close());
  const app = await startAppServer(database.url, database.scratchDir, {
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Inkwell bench <bench@inkwell.example>',
      NEWSLETTER_SEND_RATE: String(options.newsletterRate),
    },
  });
  const stopApp = onCleanup(() => app.stop());

  const writer = await signUpBenchAccount(app.origin, 'Bench Newsletter');
  console.log(`Seeding ${count.toLocaleString('en')} confirmed subscribers (${database.dialect})…`);
  const seedMs = await seedSubscribers(database.url, database.scratchDir, writer.id, count);
  console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);
  // The sign-up's welcome email, if any, is not the newsletter's.
  const before = sink.delivered();

  const rss: number[] = [];
  const sampleRss = () => {
    const mb = app.rssMb();
    if (mb !== null) rss.push(Math.round(mb * 10) / 10);
  };
  sampleRss();
  const stopCpu = startCpuAccounting(app.pid);
  const started = performance.now();
  const published = await fetch(`${app.origin}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.token}` },
    body: JSON.stringify({
      title: 'A letter to every reader',
      content: 'The bench sends this post to every subscriber.\n\n'.repeat(20),
      newsletter: 'email',
    }),
  });
  const publishMs = performance.now() - started;
  if (!published.ok) throw new Error(`publish answered ${published.status}: ${await published.text()}`);
  console.log(`Published in ${publishMs.toFixed(1)} ms; waiting for ${count.toLocaleString('en')} emails…`);

  const sampler = setInterval(sampleRss, 1_000);
  let lastReport = performance.now();
  while (sink.delivered() - before < count) {
    if (performance.now() - started > GIVE_UP_MS) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      console.log(`  ${(sink.delivered() - before).toLocaleString('en')} delivered`);
    }
  }
  const sendMs = performance.now() - started;
  clearInterval(sampler);
  sampleRss();
  const cpu = stopCpu();
  const delivered = sink.delivered() - before;
  await stopApp();
  await closeSink();
  await dropDatabase();

  const report = {
    generatedAt: new Date().toISOString(),
    machine: machineInfo(),
    database: { dialect: database.dialect, version },
    subscribers: count,
    ratePerSecondConfigured: options.newsletterRate,
    publishMs: Math.round(publishMs * 10) / 10,
    delivered,
    allDelivered: delivered === count,
    sendSeconds: Math.round(sendMs / 100) / 10,
    emailsPerSecond: Math.round(delivered / (sendMs / 1000)),
    rssMb: { first: rss[0] ?? null, max: Math.max(...rss), last: rss.at(-1) ?? null },
    cpuPercent: cpu,
    targets: {
      publishUnder100ms: publishMs < 100,
      allWithin5Minutes: delivered === count && sendMs <= 5 * 60 * 1000,
    },
  };
  console.log(
    [
      `\nNewsletter: one post to ${count.toLocaleString('en')} subscribers (${database.dialect} ${version}, NEWSLETTER_SEND_RATE=${options.newsletterRate})`,
      `  publish request: ${report.publishMs} ms (target < 100 ms: ${report.targets.publishUnder100ms ? 'PASS' : 'FAIL'})`,
      `  delivered ${delivered.toLocaleString('en')} in ${report.sendSeconds} s, ${report.emailsPerSecond}/s (target all within 300 s: ${report.targets.allWithin5Minutes ? 'PASS' : 'FAIL'})`,
      `  server RSS: ${report.rssMb.first} MB before, at most ${report.rssMb.max} MB, ${report.rssMb.last} MB after`,
      cpu
        ? `  CPU meanwhile (% of a core): server ${cpu.server}, database ${cpu.database}, bench and SMTP sink ${cpu.loadGenerator}, other ${cpu.other}`
        : '',
    ].join('\n'),
  );
  console.log(`\nWrote ${writeReport('newsletter.json', report)}`);
}
