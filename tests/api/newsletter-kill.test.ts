import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { uuidv7 } from '../../server/lib/ids';
import { startMailSink } from './support/mail-sink';
import { deliveryStatesIn } from './support/newsletter-deliveries';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';
import { eventually } from './support/eventually';

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COUNT = 40;

/**
 * Decision 61 promises at most once: a server killed with SIGKILL in the middle of a send, then
 * started again on the same database, never sends an address the post twice; what was in its SMTP
 * transaction at the kill is marked failed, everything else is sent after the restart.
 */
describe.each(['sqlite', 'postgres'] as const)('newsletter send killed mid-send [%s]', (dialect) => {
  it.skipIf(dialect === 'postgres' && !postgresAvailable)(
    'kill -9 mid-send, then a restart: every subscriber gets the post at most once, all but the in-flight exactly once',
    { timeout: 300_000 },
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'inkwell-kill-'));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = { DATA_DIR: dataDir };
      if (dialect === 'postgres') {
        const database = await createEmptyPostgresDatabase('inkwell_kill');
        cleanups.push(() => database.drop());
        env.DATABASE_URL = database.url;
      }
      const sink = await startMailSink();
      cleanups.push(() => sink.close());
      Object.assign(env, {
        SMTP_URL: sink.url,
        MAIL_FROM: 'Inkwell <news@inkwell.test>',
        NEWSLETTER_SEND_RATE: '200',
        NEWSLETTER_SMTP_CONNECTIONS: '3',
        LOG_LEVEL: 'warn',
      });
      const start = async (): Promise<ServerProcess> => {
        const server = await startServerProcess(env);
        cleanups.push(() => server.stop());
        return server;
      };
      let server = await start();
      const db = openDatabase({ databaseUrl: env.DATABASE_URL ?? '', dataDir });
      cleanups.push(() => db.close());

      const signUp = await fetch(`${server.url}/api/user/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'killed',
          email: 'killed@example.com',
          password: 'correct horse battery',
        }),
      });
      const writer = (await signUp.json()) as { jwt: string; userId: string };
      const now = new Date().toISOString();
      const addresses = Array.from({ length: COUNT }, (_, index) => `reader-${index}@example.com`);
      await db.db
        .insertInto('newsletter_subscriptions')
        .values(
          addresses.map((email) => ({
            id: uuidv7(),
            publication_id: writer.userId,
            email,
            user_id: null,
            status: 'active' as const,
            confirmed_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();

      // The sink holds every message's end until released: the server's sends are in flight.
      let release: () => void = () => undefined;
      sink.gate = new Promise<void>((resolve) => (release = resolve));
      const published = await fetch(`${server.url}/api/post/blog`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${writer.jwt}` },
        body: JSON.stringify({ title: 'Killed mid-send', content: 'Words.' }),
      });
      expect(published.status).toBe(201);
      const postId = ((await published.json()) as { response: { id: string } }).response.id;
      const states = () => deliveryStatesIn(db.db, postId);
      await eventually(
        async () => ((await states()).sending ? true : undefined),
        'a delivery in flight',
        120_000,
      );

      server.child.kill('SIGKILL');
      await new Promise((resolve) => server.child.once('exit', resolve));
      const atKill = await states();
      expect(atKill.sending).toBeGreaterThan(0);
      // The dead instance's leases would run out after minutes; the test moves them to the past
      // instead of waiting (the same rows a lease expiry frees).
      const past = new Date(Date.now() - 1000).toISOString();
      await db.db
        .updateTable('newsletter_deliveries')
        .set({ locked_until: past })
        .where('post_id', '=', postId)
        .where('locked_until', 'is not', null)
        .execute();
      await db.db
        .updateTable('newsletter_sends')
        .set({ locked_until: past })
        .where('post_id', '=', postId)
        .where('locked_until', 'is not', null)
        .execute();
      // The messages the killed server had handed over now reach the sink (or not): either way
      // the server never heard, which is the case at-most-once is about.
      sink.gate = undefined;
      release();

      server = await start();
      const settled = await eventually(
        async () => {
          const counts = await states();
          const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
          return total === COUNT && !counts.pending && !counts.sending ? counts : undefined;
        },
        'the send to end after the restart',
        120_000,
      );

      const received = sink.inbox.filter((mail) => mail.subject === 'Killed mid-send').map((mail) => mail.to);
      // At most once: no address twice.
      expect(received.length).toBe(new Set(received).size);
      expect(received.every((to) => addresses.includes(to))).toBe(true);
      // What was in flight at the kill is failed, never resent; all else is sent exactly once.
      expect(settled.failed ?? 0).toBe(atKill.sending ?? 0);
      expect(settled.sent).toBe(COUNT - (atKill.sending ?? 0));
      expect(received.length).toBeGreaterThanOrEqual(settled.sent!);
      const sentRows = await db.db
        .selectFrom('newsletter_deliveries as d')
        .innerJoin('newsletter_subscriptions as s', 's.id', 'd.subscription_id')
        .select('s.email')
        .where('d.post_id', '=', postId)
        .where('d.state', '=', 'sent')
        .execute();
      for (const { email } of sentRows) expect(received.filter((to) => to === email)).toHaveLength(1);
    },
  );
});
