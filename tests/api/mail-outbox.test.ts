import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { createEmptyPostgresDatabase, postgresAvailable } from './support/test-databases';
import { request, signUpUser, testConfig, type ApiContext } from './support/harness';
import { eventually } from './support/eventually';

/**
 * The account-email outbox: a local SMTP server (smtp-server, from npm) receives what
 * the queue sends; `refuseNext` makes it turn messages away, as a mail server that is down would.
 */
const received: string[] = [];
let refuseNext = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      if (refuseNext > 0) {
        refuseNext -= 1;
        const error = new Error('Try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      received.push(raw.replace(/=\r?\n/g, ''));
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => smtp.close(resolve)));

const QUICK = { pollIntervalMs: 100, backoffBaseMs: 50, backoffMaxMs: 200, maxAttempts: 3 };

const forgot = (ctx: ApiContext, email: string) =>
  request(ctx, { method: 'POST', url: '/api/user/password/forgot', payload: { email } });

const outboxRows = (database: Database) => database.db.selectFrom('mail_outbox').selectAll().execute();

describe.skipIf(!postgresAvailable)('the mail outbox on PostgreSQL', () => {
  const opened: { app: FastifyInstance; database: Database }[] = [];
  let drop: (() => Promise<void>) | undefined;
  let url = '';

  async function instance(mailQueue: Partial<typeof QUICK> = QUICK): Promise<ApiContext> {
    const database = openDatabase({ databaseUrl: url, dataDir: '.tmp' });
    const app = await buildApp({ config: testConfig({ smtpUrl, mailQueue }), database });
    await app.ready();
    opened.push({ app, database });
    return { app, database, dialect: 'postgres' };
  }

  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.close();
    }
    await drop?.();
  });

  it('sends each email once, whichever of two instances takes it, and keeps no link once sent', async () => {
    const empty = await createEmptyPostgresDatabase('inkwell_outbox');
    drop = empty.drop;
    url = empty.url;
    const first = openDatabase({ databaseUrl: url, dataDir: '.tmp' });
    await migrateToLatest(first);
    await first.close();
    const a = await instance();
    const b = await instance();
    const users = [];
    for (let index = 0; index < 6; index += 1) users.push(await signUpUser(index % 2 ? a : b));
    received.length = 0;
    for (const [index, user] of users.entries()) {
      expect((await forgot(index % 2 ? b : a, user.email)).status).toBe(202);
    }
    await eventually(() => received.length >= users.length, 'six emails');
    // A little longer: a second send of any of them would show now.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received).toHaveLength(users.length);
    for (const user of users) expect(received.filter((raw) => raw.includes(user.email))).toHaveLength(1);
    await eventually(async () => (await outboxRows(a.database)).length === 0, 'sent rows to go');
  });

  it('retries while the mail server turns messages away, and gives up without keeping the text', async () => {
    const ctx = await instance();
    const user = await signUpUser(ctx);
    received.length = 0;
    refuseNext = 2;
    expect((await forgot(ctx, user.email)).status).toBe(202);
    await eventually(() => received.some((raw) => raw.includes(user.email)), 'the retried email');
    expect(refuseNext).toBe(0);

    refuseNext = 10;
    expect((await forgot(ctx, user.email)).status).toBe(202);
    await eventually(
      async () => (await outboxRows(ctx.database)).some((row) => row.state === 'failed'),
      'the email to fail for good',
    );
    const [failed] = (await outboxRows(ctx.database)).filter((row) => row.state === 'failed');
    expect(failed).toMatchObject({ to_address: user.email, body: '', attempts: 3 });
    expect(failed?.last_error).toContain('Try again later');
    refuseNext = 0;
  });

  it('sends what was queued before a restart when an instance starts', async () => {
    const writer = openDatabase({ databaseUrl: url, dataDir: '.tmp' });
    await writer.db
      .insertInto('mail_outbox')
      .values({
        id: '00000000-0000-7000-8000-00000000beef',
        to_address: 'left-behind@example.com',
        subject: 'Queued before the restart',
        body: 'Still on its way.',
        state: 'pending',
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .execute();
    await writer.close();
    received.length = 0;
    await instance();
    await eventually(
      () => received.some((raw) => raw.includes('left-behind@example.com')),
      'the queued email',
    );
  });
});
