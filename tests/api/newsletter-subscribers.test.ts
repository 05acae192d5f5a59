import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import {
  IMPORT_CONSENT_MESSAGE,
  IMPORT_NO_EMAIL_COLUMN_MESSAGE,
  SUBSCRIBERS_IMPORT_MAX_BYTES,
  type ImportReport,
  type Subscriber,
  type SubscribersSummary,
} from '../../contracts/newsletter-subscribers';
import type { SubscriptionStatus } from '../../contracts/newsletters';
import type { PublicationDetails } from '../../contracts/publications';
import { loadWebhooksConfig } from '../../server/config';
import { uuidv7 } from '../../server/lib/ids';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { addMember, createPublication } from './support/publications';
import { WebhookReceiver } from './support/webhook-receiver';

const DAY_MS = 24 * 60 * 60_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();

/** Rows put straight in the table: the subscribing flow has its own tests (newsletters.test.ts). */
async function seed(
  ctx: ApiContext,
  listId: string,
  rows: { email: string; status: SubscriptionStatus; confirmedAt?: string; unsubscribedAt?: string }[],
) {
  const now = new Date().toISOString();
  for (let start = 0; start < rows.length; start += 500) {
    await ctx.database.db
      .insertInto('newsletter_subscriptions')
      .values(
        rows.slice(start, start + 500).map((row) => ({
          id: uuidv7(),
          publication_id: listId,
          email: row.email,
          user_id: null,
          status: row.status,
          confirmed_at: row.confirmedAt ?? (row.status === 'pending' ? null : now),
          unsubscribed_at: row.unsubscribedAt ?? (row.status === 'unsubscribed' ? now : null),
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
}

const rowsOf = (ctx: ApiContext, listId: string) =>
  ctx.database.db
    .selectFrom('newsletter_subscriptions')
    .select(['email', 'status', 'confirmed_at', 'created_at'])
    .where('publication_id', '=', listId)
    .orderBy('email')
    .execute();

/** A multipart body as a browser's FormData makes it. */
async function multipart(fields: Record<string, string>, file?: { name: string; text: string | Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) {
    const bytes = typeof file.text === 'string' ? file.text : new Uint8Array(file.text);
    form.append('file', new Blob([bytes], { type: 'text/csv' }), file.name);
  }
  const encoded = new Request('http://local/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

async function importCsv(
  ctx: ApiContext,
  list: string,
  token: string | undefined,
  text: string | Buffer,
  fields: Record<string, string> = { consent: 'true' },
) {
  const body = await multipart(fields, { name: 'list.csv', text });
  return request<{ response: ImportReport; message?: string; errors?: Record<string, string[]> }>(ctx, {
    method: 'POST',
    url: `/api/newsletters/lists/${list}/subscribers/import`,
    payload: body.payload,
    headers: body.headers,
    ...(token ? { token } : {}),
  });
}

const summaryOf = (ctx: ApiContext, list: string, token: string, days = 30) =>
  request<{ response: SubscribersSummary }>(ctx, {
    method: 'GET',
    url: `/api/newsletters/lists/${list}/summary?days=${days}`,
    token,
  });

const pageOf = (ctx: ApiContext, list: string, token: string, query = '') =>
  request<{ response: Subscriber[]; nextCursor: string | null; errors?: Record<string, string[]> }>(ctx, {
    method: 'GET',
    url: `/api/newsletters/lists/${list}/subscribers${query}`,
    token,
  });

let counter = 0;
const unique = (tag: string) => `${tag}${process.pid}x${(counter += 1)}`;

describeEachDatabase('newsletter subscribers: the writer side', (ctx) => {
  let owner: TestUser;
  let editor: TestUser;
  let member: TestUser;
  let stranger: TestUser;
  let team: PublicationDetails;

  beforeAll(async () => {
    owner = await signUpUser(ctx, { username: unique('owner') });
    editor = await signUpUser(ctx, { username: unique('editor') });
    member = await signUpUser(ctx, { username: unique('member') });
    stranger = await signUpUser(ctx, { username: unique('stranger') });
    team = await createPublication(ctx, owner, unique('letters'));
    await addMember(ctx, owner, team.slug, editor, 'editor');
    await addMember(ctx, owner, team.slug, member, 'writer');
  });

  it("lets only a list's owner and editors in: 401 signed out, 403 others, 404 no such list", async () => {
    const url = `/api/newsletters/lists/${team.slug}/summary`;
    expect((await request(ctx, { method: 'GET', url })).status).toBe(401);
    expect((await summaryOf(ctx, team.slug, stranger.token)).status).toBe(403);
    expect((await summaryOf(ctx, team.slug, member.token)).status).toBe(403);
    expect((await summaryOf(ctx, team.slug, editor.token)).status).toBe(200);
    expect((await summaryOf(ctx, team.id, owner.token)).status).toBe(200);
    expect((await summaryOf(ctx, 'no-such-list', owner.token)).status).toBe(404);
    // A writer's own list, by their user id; nobody else's.
    const own = await summaryOf(ctx, owner.id, owner.token);
    expect(own.status).toBe(200);
    expect(own.body.response.list).toMatchObject({ id: owner.id, personal: true });
    expect((await summaryOf(ctx, owner.id, editor.token)).status).toBe(403);
    for (const path of ['subscribers', 'subscribers/export']) {
      const refused = await request(ctx, {
        method: 'GET',
        url: `/api/newsletters/lists/${team.slug}/${path}`,
        token: member.token,
      });
      expect(refused.status).toBe(403);
      expect(
        (await request(ctx, { method: 'GET', url: `/api/newsletters/lists/${team.slug}/${path}` })).status,
      ).toBe(401);
    }
    expect((await importCsv(ctx, team.slug, member.token, 'email\na@example.com\n')).status).toBe(403);
    expect((await importCsv(ctx, team.slug, undefined, 'email\na@example.com\n')).status).toBe(401);
    expect((await summaryOf(ctx, team.slug, owner.token, 7)).status).toBe(400);
  });

  it('counts by state and shows growth per day', async () => {
    const writer = await signUpUser(ctx, { username: unique('counted') });
    await seed(ctx, writer.id, [
      { email: 'one@example.com', status: 'active', confirmedAt: daysAgo(0) },
      { email: 'two@example.com', status: 'active', confirmedAt: daysAgo(0) },
      { email: 'three@example.com', status: 'active', confirmedAt: daysAgo(3) },
      { email: 'old@example.com', status: 'active', confirmedAt: daysAgo(200) },
      {
        email: 'left@example.com',
        status: 'unsubscribed',
        confirmedAt: daysAgo(40),
        unsubscribedAt: daysAgo(3),
      },
      { email: 'waiting@example.com', status: 'pending' },
      { email: 'bounced@example.com', status: 'bounced', confirmedAt: daysAgo(100) },
    ]);
    const month = await summaryOf(ctx, writer.id, writer.token);
    expect(month.status).toBe(200);
    const { counts, growth, days } = month.body.response;
    expect(counts).toEqual({ pending: 1, active: 4, unsubscribed: 1, bounced: 1 });
    expect(days).toBe(30);
    expect(growth).toHaveLength(30);
    expect(growth.at(-1)).toEqual({ day: daysAgo(0).slice(0, 10), subscribed: 2, unsubscribed: 0 });
    expect(growth.at(-4)).toEqual({ day: daysAgo(3).slice(0, 10), subscribed: 1, unsubscribed: 1 });
    expect(growth.reduce((sum, day) => sum + day.subscribed, 0)).toBe(3);
    const year = (await summaryOf(ctx, writer.id, writer.token, 365)).body.response;
    expect(year.growth).toHaveLength(365);
    expect(year.growth.reduce((sum, day) => sum + day.subscribed, 0)).toBe(6);
  });

  it('pages through a list by address, searches by prefix (case ignored) and filters by state', async () => {
    const writer = await signUpUser(ctx, { username: unique('paged') });
    const emails = Array.from({ length: 120 }, (_, n) => `reader${String(n).padStart(3, '0')}@example.com`);
    await seed(ctx, writer.id, [
      ...emails.map((email) => ({ email, status: 'active' as const })),
      { email: 'Ada.Lovelace@example.com', status: 'active' },
      { email: 'ada_b@example.com', status: 'unsubscribed' },
      { email: 'adam@example.com', status: 'bounced' },
      { email: '100%real@example.com', status: 'pending' },
    ]);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const answer = await pageOf(ctx, writer.id, writer.token, cursor ? `?cursor=${cursor}` : '');
      expect(answer.status).toBe(200);
      expect(answer.body.response.length).toBeLessThanOrEqual(50);
      seen.push(...answer.body.response.map((row) => row.email));
      cursor = answer.body.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toHaveLength(124);
    expect(new Set(seen).size).toBe(124);

    const ada = await pageOf(ctx, writer.id, writer.token, '?q=ADA');
    expect(ada.body.response.map((row) => [row.email, row.status])).toEqual([
      ['Ada.Lovelace@example.com', 'active'],
      ['ada_b@example.com', 'unsubscribed'],
      ['adam@example.com', 'bounced'],
    ]);
    // `_` and `%` are letters here, not wildcards.
    expect((await pageOf(ctx, writer.id, writer.token, '?q=ada_')).body.response).toHaveLength(1);
    expect((await pageOf(ctx, writer.id, writer.token, '?q=100%25')).body.response).toHaveLength(1);
    const bounced = await pageOf(ctx, writer.id, writer.token, '?status=bounced');
    expect(bounced.body.response.map((row) => row.email)).toEqual(['adam@example.com']);
    const pending = await pageOf(ctx, writer.id, writer.token, '?status=pending&q=reader');
    expect(pending.body.response).toEqual([]);

    const badStatus = await pageOf(ctx, writer.id, writer.token, '?status=gone');
    expect(badStatus.status).toBe(400);
    const badCursor = await pageOf(ctx, writer.id, writer.token, '?cursor=bm9wZQ');
    expect(badCursor.status).toBe(400);
  });

  it('removes a subscriber from its own list only', async () => {
    const writer = await signUpUser(ctx, { username: unique('remover') });
    await seed(ctx, writer.id, [{ email: 'gone@example.com', status: 'active' }]);
    await seed(ctx, team.id, [{ email: 'team-reader@example.com', status: 'active' }]);
    const [row] = (await pageOf(ctx, writer.id, writer.token)).body.response;
    const [teamRow] = (await pageOf(ctx, team.slug, owner.token, '?q=team-reader')).body.response;
    const url = (list: string, id: string) => `/api/newsletters/lists/${list}/subscribers/${id}`;
    // Another list's id through this list: not found, and kept.
    expect(
      (await request(ctx, { method: 'DELETE', url: url(writer.id, teamRow!.id), token: writer.token }))
        .status,
    ).toBe(404);
    expect(
      (await request(ctx, { method: 'DELETE', url: url(team.slug, teamRow!.id), token: member.token }))
        .status,
    ).toBe(403);
    expect(
      (await request(ctx, { method: 'DELETE', url: url(writer.id, row!.id), token: writer.token })).status,
    ).toBe(204);
    expect(
      (await request(ctx, { method: 'DELETE', url: url(writer.id, row!.id), token: writer.token })).status,
    ).toBe(404);
    expect(await rowsOf(ctx, writer.id)).toEqual([]);
    expect(
      (await request(ctx, { method: 'DELETE', url: url(team.slug, teamRow!.id), token: editor.token }))
        .status,
    ).toBe(204);
  });

  it('writes an address a spreadsheet would run as a formula as text, and imports it back as it was', async () => {
    const writer = await signUpUser(ctx, { username: unique('defuser') });
    await seed(ctx, writer.id, [
      { email: '-dash@example.com', status: 'active' },
      { email: '+plus@example.com', status: 'active' },
    ]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/newsletters/lists/${writer.id}/subscribers/export`,
      headers: { authorization: `Bearer ${writer.token}` },
    });
    const cells = response.body
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0]);
    expect(cells.sort()).toEqual(["'+plus@example.com", "'-dash@example.com"]);

    const other = await signUpUser(ctx, { username: unique('reimporter') });
    const back = await importCsv(ctx, other.id, other.token, response.body);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect((await rowsOf(ctx, other.id)).map((row) => row.email).sort()).toEqual([
      '+plus@example.com',
      '-dash@example.com',
    ]);
  });

  it('exports the whole list as CSV, streamed, with a download name', async () => {
    const writer = await signUpUser(ctx, { username: unique('exporter') });
    const many = Array.from({ length: 1203 }, (_, n) => ({
      email: `x${n}@example.com`,
      status: 'active' as const,
    }));
    await seed(ctx, writer.id, [
      ...many,
      { email: 'quote"comma,@example.com', status: 'unsubscribed' },
      { email: 'waiting@example.com', status: 'pending' },
    ]);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/newsletters/lists/${writer.id}/subscribers/export`,
      headers: { authorization: `Bearer ${writer.token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^attachment; filename="[a-z0-9-]+-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // Streamed: no length known in advance.
    expect(response.headers['content-length']).toBeUndefined();
    const lines = response.body.trimEnd().split('\n');
    expect(lines[0]).toBe('email,status,created_at,confirmed_at,unsubscribed_at');
    expect(lines).toHaveLength(1 + 1205);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(1205);
    expect(lines.find((line) => line.startsWith('"quote'))).toMatch(
      /^"quote""comma,@example.com",unsubscribed,/,
    );
    expect(lines.find((line) => line.startsWith('waiting@'))).toMatch(
      /^waiting@example.com,pending,[^,]+,,$/,
    );

    // The export imports back into another list, keeping only who was receiving it.
    const other = await signUpUser(ctx, { username: unique('importer') });
    const back = await importCsv(ctx, other.id, other.token, response.body);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.response).toMatchObject({
      format: 'inkwell',
      imported: 1203,
      skipped: { notSubscribedInExport: 2 },
      invalid: 0,
    });
  });

  it("imports Substack's export: active and confirmed, never bringing back who left, bad lines by number", async () => {
    const writer = await signUpUser(ctx, { username: unique('substack') });
    await seed(ctx, writer.id, [
      { email: 'Left@Example.com', status: 'unsubscribed' },
      { email: 'bounced@example.com', status: 'bounced' },
      { email: 'asked@example.com', status: 'pending' },
      { email: 'here@example.com', status: 'active' },
    ]);
    const csv = [
      'email,active_subscription,expiry,plan,email_disabled,created_at,first_payment_at',
      'new.reader@example.com,true,,,false,2024-03-01T10:00:00.000Z,',
      'left@example.com,true,,,false,2024-03-01T10:00:00.000Z,',
      'BOUNCED@example.com,true,,,false,,',
      'asked@example.com,true,,,false,,',
      'here@example.com,true,,,false,,',
      'muted@example.com,true,,,true,,',
      'not an address,true,,,false,,',
      '',
      ',true,,,false,,',
      'NEW.reader@example.com,true,,,false,,',
      'paid@example.com,true,2026-01-01,yearly,false,2023-05-05T00:00:00.000Z,2023-05-05T00:00:00.000Z',
    ].join('\r\n');
    const answer = await importCsv(ctx, writer.id, writer.token, csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.response).toEqual({
      format: 'substack',
      imported: 3,
      alreadySubscribed: 1,
      skipped: { unsubscribed: 1, bounced: 1, notSubscribedInExport: 1, duplicateInFile: 1 },
      invalid: 2,
      errors: [
        { line: 8, message: 'Email address must be a valid address: not an address' },
        { line: 10, message: 'No email address' },
      ],
    });
    const rows = Object.fromEntries((await rowsOf(ctx, writer.id)).map((row) => [row.email, row]));
    expect(rows['Left@Example.com']?.status).toBe('unsubscribed');
    expect(rows['left@example.com']).toBeUndefined();
    expect(rows['bounced@example.com']?.status).toBe('bounced');
    expect(rows['asked@example.com']).toMatchObject({ status: 'active' });
    expect(rows['asked@example.com']?.confirmed_at).not.toBeNull();
    expect(rows['new.reader@example.com']).toMatchObject({
      status: 'active',
      created_at: '2024-03-01T10:00:00.000Z',
    });
    expect(rows['new.reader@example.com']?.confirmed_at).not.toBeNull();
    expect(rows['paid@example.com']?.status).toBe('active');
    expect(rows['muted@example.com']).toBeUndefined();
    // Imported again: nothing new, nothing changed.
    const again = await importCsv(ctx, writer.id, writer.token, csv);
    expect(again.body.response).toMatchObject({ imported: 0, alreadySubscribed: 4 });
  });

  it("imports Ghost's members export, quoted fields and all", async () => {
    const ghost = [
      'id,email,name,note,subscribed_to_emails,complimentary_plan,stripe_customer_id,created_at,deleted_at,labels,tiers',
      '6571a0,ghost.one@example.com,"Reader, One","Met at ""the"" fair",true,false,,2023-01-02T03:04:05.000Z,,"vip, early",',
      '6571a1,ghost.two@example.com,Two,,false,false,,2023-01-02T03:04:05.000Z,,,',
      '6571a2,ghost.three@example.com,Three,"a note\nover two lines",true,true,cus_123,2023-01-02T03:04:05.000Z,,,Gold',
      '6571a3,ghost.gone@example.com,Gone,,true,false,,2023-01-02T03:04:05.000Z,2024-01-01T00:00:00.000Z,,',
      '6571a4,ghost.four@example,Four,,true,false,,,,,',
    ].join('\n');
    const answer = await importCsv(ctx, team.slug, editor.token, `\ufeff${ghost}\n`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.response).toMatchObject({
      format: 'ghost',
      imported: 2,
      skipped: { notSubscribedInExport: 2 },
      invalid: 1,
      // The note spans two lines: the next record is on line 7.
      errors: [{ line: 7 }],
    });
    const rows = await rowsOf(ctx, team.id);
    expect(rows.filter((row) => row.email.startsWith('ghost.')).map((row) => row.email)).toEqual([
      'ghost.one@example.com',
      'ghost.three@example.com',
    ]);
  });

  it('refuses an import without consent, without an email column, unreadable or too large, and writes nothing', async () => {
    const writer = await signUpUser(ctx, { username: unique('careful') });
    const noConsent = await importCsv(ctx, writer.id, writer.token, 'email\nsomeone@example.com\n', {});
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.errors?.consent).toEqual([IMPORT_CONSENT_MESSAGE]);
    const unticked = await importCsv(ctx, writer.id, writer.token, 'email\nsomeone@example.com\n', {
      consent: 'false',
    });
    expect(unticked.status).toBe(400);

    const noColumn = await importCsv(ctx, writer.id, writer.token, 'name,address\nAda,ada@example.com\n');
    expect(noColumn.status).toBe(400);
    expect(noColumn.body.errors?.file).toEqual([IMPORT_NO_EMAIL_COLUMN_MESSAGE]);
    expect((await importCsv(ctx, writer.id, writer.token, '')).status).toBe(400);

    const broken = await importCsv(
      ctx,
      writer.id,
      writer.token,
      'email,name\nok@example.com,Ok\nbad@example.com,"unclosed\n',
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/could not be read as CSV/);

    const noFile = await request(ctx, {
      method: 'POST',
      url: `/api/newsletters/lists/${writer.id}/subscribers/import`,
      token: writer.token,
      ...(await multipart({ consent: 'true' })),
    });
    expect(noFile.status).toBe(400);
    const json = await request(ctx, {
      method: 'POST',
      url: `/api/newsletters/lists/${writer.id}/subscribers/import`,
      token: writer.token,
      payload: { consent: 'true' },
    });
    expect(json.status).toBe(415);

    const line = 'someone.with.a.long.address@example.com\n';
    const huge = Buffer.from(
      `email\n${line.repeat(Math.ceil(SUBSCRIBERS_IMPORT_MAX_BYTES / line.length) + 10)}`,
    );
    const tooLarge = await importCsv(ctx, writer.id, writer.token, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/larger than 20 MB/);

    expect(await rowsOf(ctx, writer.id)).toEqual([]);
  });
});

describeEachDatabase('newsletter subscriptions and the account', (ctx) => {
  const subscribeSignedIn = async (reader: TestUser, publication: string) => {
    const asked = await request(ctx, {
      method: 'POST',
      url: '/api/newsletters/subscribe',
      token: reader.token,
      payload: { publication },
    });
    expect(asked.status).toBe(202);
  };
  const subscriptionsNaming = async (userId: string) =>
    (
      await ctx.database.db
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where((eb) => eb.or([eb('user_id', '=', userId), eb('publication_id', '=', userId)]))
        .execute()
    ).length;

  it("exports a reader's own subscriptions with their data", async () => {
    const writer = await signUpUser(ctx, { username: unique('exported') });
    const reader = await signUpUser(ctx, { username: unique('reader') });
    await subscribeSignedIn(reader, writer.id);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/export',
      headers: { authorization: `Bearer ${reader.token}` },
    });
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const subscriptions = JSON.parse(strFromU8(files['subscriptions.json']!)) as unknown[];
    expect(subscriptions).toEqual([
      expect.objectContaining({
        publication: expect.objectContaining({ name: writer.username }),
        email: reader.email,
        status: 'pending',
      }),
    ]);
    const manifest = JSON.parse(strFromU8(files['inkwell-export.json']!)) as {
      counts: { subscriptions: number };
    };
    expect(manifest.counts.subscriptions).toBe(1);
  });

  for (const content of ['delete', 'keep'] as const) {
    it(`deleting an account ("${content}") removes its list and its own subscriptions, not others'`, async () => {
      const leaving = await signUpUser(ctx, { username: unique('leaving') });
      const other = await signUpUser(ctx, { username: unique('staying') });
      await seed(ctx, leaving.id, [
        { email: 'fan@example.com', status: 'active' },
        { email: 'ex-fan@example.com', status: 'unsubscribed' },
      ]);
      await seed(ctx, other.id, [{ email: 'fan@example.com', status: 'active' }]);
      await subscribeSignedIn(leaving, other.id);
      expect(await subscriptionsNaming(leaving.id)).toBe(3);

      const deleted = await request(ctx, {
        method: 'POST',
        url: '/api/user/delete',
        token: leaving.token,
        payload: { password: leaving.password, content },
      });
      expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
      expect(await subscriptionsNaming(leaving.id)).toBe(0);
      const left = await ctx.database.db
        .selectFrom('newsletter_subscriptions')
        .select('email')
        .where('publication_id', '=', other.id)
        .execute();
      // The other writer's list keeps its reader, and loses the one who left.
      expect(left.map((row) => row.email)).toEqual(['fan@example.com']);
    });
  }
});

describeEachDatabase(
  'newsletter subscribers and webhooks',
  (ctx) => {
    it('tells the owner of a removal of an active subscriber, and of no imported one', async () => {
      const receiver = await WebhookReceiver.start();
      try {
        const writer = await signUpUser(ctx, { username: unique('hooked') });
        const hook = await request(ctx, {
          method: 'POST',
          url: '/api/webhooks',
          token: writer.token,
          payload: {
            url: receiver.url('/subscribers'),
            events: ['subscriber.created', 'subscriber.removed'],
          },
        });
        expect(hook.status).toBe(201);
        const imported = await importCsv(
          ctx,
          writer.id,
          writer.token,
          'email\nkept@example.com\nleaving@example.com\n',
        );
        expect(imported.body.response.imported).toBe(2);
        const [leaving] = (await pageOf(ctx, writer.id, writer.token, '?q=leaving')).body.response;
        const removed = await request(ctx, {
          method: 'DELETE',
          url: `/api/newsletters/lists/${writer.id}/subscribers/${leaving!.id}`,
          token: writer.token,
        });
        expect(removed.status).toBe(204);
        for (
          let attempt = 0;
          attempt < 200 && receiver.events('subscriber.removed').length === 0;
          attempt += 1
        ) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        expect(JSON.parse(receiver.events('subscriber.removed')[0]!.body)).toMatchObject({
          event: 'subscriber.removed',
          data: {
            subscriber: {
              email: 'leaving@example.com',
              status: 'unsubscribed',
              publication: { id: writer.id },
            },
          },
        });
        // The import's deliveries, had there been any, were queued before the removal's.
        expect(receiver.events('subscriber.created')).toEqual([]);
      } finally {
        await receiver.close();
      }
    });
  },
  {
    config: {
      // The test's webhook receiver is on 127.0.0.1.
      webhooks: {
        ...loadWebhooksConfig({}),
        allowPrivateNetworks: true,
        pollIntervalMs: 25,
        backoffBaseMs: 40,
        backoffMaxMs: 200,
      },
    },
  },
);
