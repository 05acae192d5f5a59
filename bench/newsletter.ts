/**
 * `npm run bench -- --newsletter [--subscribers N] [--newsletter-rate R]`: one post emailed to N
 * confirmed subscribers (default 100,000). Starts a local SMTP server (smtp-server, from npm, in a
 * process of its own, smtp-sink.ts: it counts each message's recipients without parsing them) and
 * the built server pointed at it with NEWSLETTER_SEND_RATE=R, signs a writer up, writes N active
 * subscriptions of the writer's own blog straight into the database (as the scenarios seed posts),
 * then publishes one post through the API with `newsletter: "email"` and times: the publish
 * request (the send is queued, not done inline), and every message delivered to the sink. The
 * server's RSS is read each second meanwhile: a flat line says no list of N is held in memory.
 * The writer's other pages are read at a steady rate, cached and uncached, before the publish and
 * again while the emails go out (reads-during-send.ts), to compare. Once those reads are over, the
 * server's CPU (and PostgreSQL's) is divided by the emails sent meanwhile: the send's own cost per
 * email. `--cpu-prof` profiles the server through the run.
 * Writes bench/results/newsletter.json.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/database';
import { uuidv7 } from '../server/lib/ids';
import { onCleanup } from './cleanup';
import { startCpuAccounting } from './cpu';
import { createBenchDatabase } from './databases';
import { databaseVersion, machineInfo } from './machine';
import type { BenchOptions } from './options';
import { buildServerBundle, profilingArgs, startAppServer } from './processes';
import { signUpBenchAccount } from './reader';
import { writeReport } from './report';
import {
  describeReads,
  measurePageReads,
  PAGE_READS_SECONDS,
  withinTwentyPercent,
} from './reads-during-send';

/** Rows a multi-row INSERT carries (SQLite's limit on bound values is 32,766; 14 columns a row). */
const INSERT_ROWS = 1_000;
/** Posts of the writer's that readers read during the send. */
const READ_POSTS = 20;
/** How long the whole send may take before the bench gives up (the target is 5 minutes). */
const GIVE_UP_MS = 20 * 60 * 1000;
const SINK_SCRIPT = fileURLToPath(new URL('./smtp-sink.ts', import.meta.url));

interface Sink {
  url: string;
  delivered: () => number;
  close: () => Promise<void>;
}

/**
 * The SMTP sink (smtp-sink.ts) in a process of its own, so that taking in the messages does not
 * slow the load generator's reading of answers in this one. Its count arrives every 20 ms or so,
 * which is all the precision a send of minutes needs.
 */
async function startCountingSink(): Promise<Sink> {
  const child = fork(SINK_SCRIPT, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let delivered = 0;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP sink exited (code ${String(code)})`)));
    child.on('message', (message: { port?: number; delivered?: number }) => {
      if (typeof message.port === 'number') resolve(message.port);
      if (typeof message.delivered === 'number') delivered = message.delivered;
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => delivered,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('close');
      await exited;
    },
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

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** A published post of the writer's, without a newsletter (nobody subscribes yet); its id. */
async function writePost(origin: string, token: string, n: number): Promise<string> {
  const answer = await fetch(`${origin}/api/post/blog`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      title: `Read during the send, part ${n}`,
      content: `Part ${n} of what readers read while the newsletter goes out.\n\n`.repeat(30),
    }),
  });
  if (!answer.ok) throw new Error(`a post to read answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { response: { id: string } }).response.id;
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
    nodeArgs: profilingArgs(options.cpuProfile),
    env: {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Inkwell bench <bench@inkwell.example>',
      NEWSLETTER_SEND_RATE: String(options.newsletterRate),
    },
  });
  const stopApp = onCleanup(() => app.stop());

  const writer = await signUpBenchAccount(app.origin, 'Bench Newsletter');
  // Posts to read while the send runs, written before anyone subscribes, so none of them is emailed.
  const pages: string[] = [];
  for (let n = 1; n <= READ_POSTS; n += 1)
    pages.push(`/readblog?id=${await writePost(app.origin, writer.token, n)}`);
  const reader = await signUpBenchAccount(app.origin, 'Bench Reader');
  console.log(`Seeding ${count.toLocaleString('en')} confirmed subscribers (${database.dialect})…`);
  const seedMs = await seedSubscribers(database.url, database.scratchDir, writer.id, count);
  console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s`);
  // The sign-up's welcome email, if any, is not the newsletter's.
  const before = sink.delivered();

  const rss: number[] = [];
  // Each sample with the emails delivered by then: memory that grows with the list climbs to the
  // end; memory the garbage collector has not given back yet levels off.
  const rssByDelivered: { delivered: number; mb: number }[] = [];
  const sampleRss = () => {
    const mb = app.rssMb();
    if (mb === null) return;
    rss.push(Math.round(mb * 10) / 10);
    rssByDelivered.push({ delivered: Math.max(0, sink.delivered() - before), mb: Math.round(mb * 10) / 10 });
  };
  /** The RSS of the first sample taken once `share` of the list was delivered. */
  const rssWhen = (share: number) =>
    rssByDelivered.find((sample) => sample.delivered >= share * count)?.mb ?? null;
  sampleRss();
  console.log('Reading pages before the send…');
  const readsBefore = await measurePageReads(app.origin, pages, reader.token);
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
  console.log('Reading the same pages during the send…');
  const deliveredBeforeReads = sink.delivered() - before;
  const readsDuring = await measurePageReads(app.origin, pages, reader.token);
  // The reads measured a send only if emails were still going out when they ended.
  const sendOutlastedReads = sink.delivered() - before < count;
  // The send's own cost: the server's CPU (and PostgreSQL's) once the reads are over, per email.
  const stopSendCpu = startCpuAccounting(app.pid);
  const sendAloneStarted = performance.now();
  const deliveredAtReadsEnd = sink.delivered() - before;
  sampleRss();
  const rssAtReadsEnd = rss.at(-1) ?? null;
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
  const sendCpu = stopSendCpu();
  const sendAloneMs = performance.now() - sendAloneStarted;
  const delivered = sink.delivered() - before;
  const sentAlone = delivered - deliveredAtReadsEnd;
  const perEmail = (percent: number) =>
    sentAlone > 0 ? Math.round(((percent / 100) * sendAloneMs * 1000) / sentAlone) / 1000 : null;
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
    rssMb: {
      first: rss[0] ?? null,
      max: Math.max(...rss),
      /** When the reads during the send ended: what follows is the send's alone. */
      atReadsEnd: rssAtReadsEnd,
      last: rss.at(-1) ?? null,
      /** When a quarter, half, three quarters and all of the list had been delivered. */
      byShareDelivered: [0.25, 0.5, 0.75, 1].map((share) => ({ share, mb: rssWhen(share) })),
    },
    cpuPercent: cpu,
    /** CPU ms per email after the reads ended (the send alone), server and database. */
    cpuMsPerEmail: sendCpu
      ? { server: perEmail(sendCpu.server), database: perEmail(sendCpu.database), emails: sentAlone }
      : null,
    pageReads: {
      before: readsBefore,
      during: readsDuring,
      secondsMeasured: PAGE_READS_SECONDS,
      deliveredWhenReadsBegan: deliveredBeforeReads,
      sendOutlastedReads,
    },
    targets: {
      publishUnder100ms: publishMs < 100,
      allWithin5Minutes: delivered === count && sendMs <= 5 * 60 * 1000,
      cachedReadsWithin20Percent:
        sendOutlastedReads && withinTwentyPercent(readsBefore.cached, readsDuring.cached),
      uncachedReadsWithin20Percent:
        sendOutlastedReads && withinTwentyPercent(readsBefore.uncached, readsDuring.uncached),
    },
  };
  console.log(
    [
      `\nNewsletter: one post to ${count.toLocaleString('en')} subscribers (${database.dialect} ${version}, NEWSLETTER_SEND_RATE=${options.newsletterRate})`,
      `  publish request: ${report.publishMs} ms (target < 100 ms: ${report.targets.publishUnder100ms ? 'PASS' : 'FAIL'})`,
      `  delivered ${delivered.toLocaleString('en')} in ${report.sendSeconds} s, ${report.emailsPerSecond}/s (target all within 300 s: ${report.targets.allWithin5Minutes ? 'PASS' : 'FAIL'})`,
      `  server RSS: ${report.rssMb.first} MB before, ${report.rssMb.atReadsEnd} MB when the reads ended, at most ${report.rssMb.max} MB, ${report.rssMb.last} MB after`,
      `  server RSS as the list went out: ${report.rssMb.byShareDelivered
        .map(({ share, mb }) => `${share * 100}% ${mb ?? '–'} MB`)
        .join(', ')}`,
      describeReads('before the send', readsBefore),
      describeReads(`during it (from ${deliveredBeforeReads.toLocaleString('en')} delivered)`, readsDuring),
      sendOutlastedReads
        ? `  reads during the send within 20% of before (p50 and p99): cached ${verdict(report.targets.cachedReadsWithin20Percent)}, uncached ${verdict(report.targets.uncachedReadsWithin20Percent)}`
        : '  the send ended before the reads did: no figure (more --subscribers, or a lower --newsletter-rate)',
      cpu
        ? `  CPU meanwhile (% of a core): server ${cpu.server}, database ${cpu.database}, bench ${cpu.loadGenerator}, other (the SMTP sink among it) ${cpu.other}`
        : '',
      report.cpuMsPerEmail
        ? `  CPU per email once the reads were over (${sentAlone.toLocaleString('en')} emails): server ${report.cpuMsPerEmail.server} ms, database ${report.cpuMsPerEmail.database} ms`
        : '',
    ].join('\n'),
  );
  console.log(`\nWrote ${writeReport('newsletter.json', report)}`);
}
