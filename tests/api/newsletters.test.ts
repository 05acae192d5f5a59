import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHECK_INBOX_MESSAGE } from '../../contracts/newsletters';
import { loadWebhooksConfig } from '../../server/config';
import { ForgetUnconfirmedSubscribers } from '../../server/modules/newsletters/forget-unconfirmed';
import { NewslettersRepository } from '../../server/modules/newsletters/newsletters-repository';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';
import { startMailSink } from './support/mail-sink';
import { createPost } from './support/posts';
import { WebhookReceiver } from './support/webhook-receiver';
import { eventually } from './support/eventually';

/** The server's emails, as a real SMTP server received and mailparser read them. */
const sink = await startMailSink();
const { inbox } = sink;
const smtpUrl = sink.url;
afterAll(() => sink.close());

const QUICK_QUEUE = { pollIntervalMs: 50, backoffBaseMs: 50, backoffMaxMs: 200, maxAttempts: 3 };
const DAY_MS = 24 * 60 * 60_000;

const mailsTo = (address: string) => inbox.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
/** Long enough for a queued email to have gone out, so its absence means something. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

let counter = 0;
const freshAddress = (tag: string) => `${tag}-${process.pid}-${(counter += 1)}@example.com`;

function subscribe(
  ctx: ApiContext,
  body: Record<string, unknown>,
  options: { token?: string; ip?: string } = {},
) {
  return request(ctx, {
    method: 'POST',
    url: '/api/newsletters/subscribe',
    payload: body,
    ...(options.token ? { token: options.token } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

function form(ctx: ApiContext, url: string, fields: Record<string, string>) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

/** The confirmation link's token from the newest email to `address`. */
async function confirmationToken(address: string, count = 1): Promise<string> {
  const mail = await eventually(() => mailsTo(address)[count - 1], `confirmation ${count} to ${address}`);
  expect(mail.subject).toMatch(/^Confirm your subscription to /);
  const match = /\/newsletters\/confirm\?token=([\w-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no link in ${mail.text}`);
  return match[1];
}

/** Confirms with the page's button; the unsubscribe token from the page it answers. */
async function confirmByForm(ctx: ApiContext, token: string): Promise<string> {
  const confirmed = await form(ctx, '/newsletters/confirm', { token });
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.body).toContain('Subscribed');
  const match = /\/newsletters\/unsubscribe\?token=([\w.%-]+)/.exec(confirmed.body);
  if (!match?.[1]) throw new Error('no unsubscribe link on the confirmed page');
  return decodeURIComponent(match[1]);
}

const statusOf = async (ctx: ApiContext, listId: string, email: string) =>
  (
    await ctx.database.db
      .selectFrom('newsletter_subscriptions')
      .select('status')
      .where('publication_id', '=', listId)
      .where('email', '=', email)
      .executeTakeFirst()
  )?.status;

describeEachDatabase(
  'newsletter subscriptions',
  (ctx) => {
    let writer: TestUser;

    beforeAll(async () => {
      writer = await signUpUser(ctx, { username: `news writer ${process.pid}` });
    });

    it('subscribes with double opt-in: the link opens a page, and only its button confirms', async () => {
      const email = freshAddress('reader');
      const asked = await subscribe(ctx, { publication: writer.id, email });
      expect(asked.status).toBe(202);
      expect(asked.body).toMatchObject({ message: CHECK_INBOX_MESSAGE });
      expect(await statusOf(ctx, writer.id, email)).toBe('pending');
      const token = await confirmationToken(email);

      const opened = await ctx.app.inject({ method: 'GET', url: `/newsletters/confirm?token=${token}` });
      expect(opened.statusCode).toBe(200);
      expect(opened.headers['content-type']).toContain('text/html');
      expect(opened.body).toContain('Confirm subscription');
      expect(opened.headers['cache-control']).toBe('no-store');
      // A mail scanner opening the link (twice, even) confirms nothing.
      await ctx.app.inject({ method: 'GET', url: `/newsletters/confirm?token=${token}` });
      expect(await statusOf(ctx, writer.id, email)).toBe('pending');

      await confirmByForm(ctx, token);
      expect(await statusOf(ctx, writer.id, email)).toBe('active');
      // The link opened again says so, and the API agrees.
      const again = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/confirm',
        payload: { token },
      });
      expect(again.status).toBe(200);
    });

    it('answers the same for new, pending and active addresses, and sends one confirmation a minute', async () => {
      const fresh = freshAddress('fresh');
      const active = freshAddress('active');
      await subscribe(ctx, { publication: writer.id, email: active });
      await confirmByForm(ctx, await confirmationToken(active));
      const before = inbox.length;

      const answers = [
        await subscribe(ctx, { publication: writer.id, email: fresh }),
        await subscribe(ctx, { publication: writer.id, email: fresh }),
        await subscribe(ctx, { publication: writer.id, email: active }),
      ];
      for (const answer of answers) {
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: answers[0]!.status,
          body: answers[0]!.body,
        });
      }
      const forms = [
        await form(ctx, '/newsletters/subscribe', { publication: writer.id, email: fresh }),
        await form(ctx, '/newsletters/subscribe', { publication: writer.id, email: active }),
      ];
      expect(forms.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(forms[0]!.body).toBe(forms[1]!.body);
      expect(forms[0]!.body).toContain('Check your inbox');

      await confirmationToken(fresh);
      await settle();
      expect(mailsTo(fresh)).toHaveLength(1);
      expect(mailsTo(active)).toHaveLength(1);
      expect(inbox.length - before).toBe(1);
    });

    it('sends a new link to a pending address after a minute, and the old one stops working', async () => {
      const email = freshAddress('later');
      await subscribe(ctx, { publication: writer.id, email });
      const first = await confirmationToken(email);
      await ctx.database.db
        .updateTable('newsletter_subscriptions')
        .set({ confirm_sent_at: new Date(Date.now() - 61_000).toISOString() })
        .where('email', '=', email)
        .execute();
      await subscribe(ctx, { publication: writer.id, email });
      const second = await confirmationToken(email, 2);
      expect(second).not.toBe(first);
      const old = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/confirm',
        payload: { token: first },
      });
      expect(old.status).toBe(404);
      const oldPage = await ctx.app.inject({ method: 'GET', url: `/newsletters/confirm?token=${first}` });
      expect(oldPage.statusCode).toBe(404);
      expect(oldPage.body).toContain('Link not valid');
    });

    it('unsubscribes at once on the one-click POST, without cookie or CSRF token, and GET changes nothing', async () => {
      const email = freshAddress('leaver');
      await subscribe(ctx, { publication: writer.id, email });
      const unsubscribeToken = await confirmByForm(ctx, await confirmationToken(email));
      const url = `/newsletters/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;

      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('>Unsubscribe</button>');
      expect(await statusOf(ctx, writer.id, email)).toBe('active');

      const oneClick = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(await statusOf(ctx, writer.id, email)).toBe('unsubscribed');
      // The page's undo puts it back: the link proved the mailbox.
      expect(oneClick.body).toContain('Resubscribe');
      const undo = await form(ctx, '/newsletters/resubscribe', { token: unsubscribeToken });
      expect(undo.statusCode).toBe(200);
      expect(await statusOf(ctx, writer.id, email)).toBe('active');

      // Some senders' one-click is multipart: the same.
      const multipart = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload:
          '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
      });
      expect(multipart.statusCode).toBe(200);
      expect(await statusOf(ctx, writer.id, email)).toBe('unsubscribed');
    });

    it('lets an unsubscribed address back only through a new confirmation', async () => {
      const email = freshAddress('returning');
      await subscribe(ctx, { publication: writer.id, email });
      const unsubscribeToken = await confirmByForm(ctx, await confirmationToken(email));
      const off = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/unsubscribe',
        payload: { token: unsubscribeToken },
      });
      expect(off.status).toBe(200);

      const back = await subscribe(ctx, { publication: writer.id, email });
      expect(back.status).toBe(202);
      expect(back.body).toMatchObject({ message: CHECK_INBOX_MESSAGE });
      expect(await statusOf(ctx, writer.id, email)).toBe('unsubscribed');
      const token = await confirmationToken(email, 2);
      expect(await statusOf(ctx, writer.id, email)).toBe('unsubscribed');
      await confirmByForm(ctx, token);
      expect(await statusOf(ctx, writer.id, email)).toBe('active');
    });

    it('forgets addresses left unconfirmed for 7 days, and only those', async () => {
      const pending = freshAddress('forgotten');
      const kept = freshAddress('kept');
      await subscribe(ctx, { publication: writer.id, email: pending });
      await subscribe(ctx, { publication: writer.id, email: kept });
      await confirmByForm(ctx, await confirmationToken(kept));
      const pendingToken = await confirmationToken(pending);

      const repository = new NewslettersRepository(ctx.database.db);
      const round = { signal: new AbortController().signal, log: { info() {}, warn() {}, error() {} } };
      await new ForgetUnconfirmedSubscribers(repository, () => new Date(Date.now() + 6 * DAY_MS)).run(round);
      expect(await statusOf(ctx, writer.id, pending)).toBe('pending');
      await new ForgetUnconfirmedSubscribers(repository, () => new Date(Date.now() + 7 * DAY_MS + 1000)).run(
        round,
      );
      expect(await statusOf(ctx, writer.id, pending)).toBeUndefined();
      expect(await statusOf(ctx, writer.id, kept)).toBe('active');
      const late = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/confirm',
        payload: { token: pendingToken },
      });
      expect(late.status).toBe(404);
    });

    it('answers 410 to an expired confirmation link and 404 to a made-up or altered one', async () => {
      const email = freshAddress('expired');
      await subscribe(ctx, { publication: writer.id, email });
      const token = await confirmationToken(email);
      await ctx.database.db
        .updateTable('newsletter_subscriptions')
        .set({ confirm_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', email)
        .execute();
      const expired = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/confirm',
        payload: { token },
      });
      expect(expired.status).toBe(410);
      const expiredPage = await form(ctx, '/newsletters/confirm', { token });
      expect(expiredPage.statusCode).toBe(410);
      expect(expiredPage.body).toContain('Link expired');
      expect(await statusOf(ctx, writer.id, email)).toBe('pending');

      const madeUp = await request(ctx, {
        method: 'POST',
        url: '/api/newsletters/confirm',
        payload: { token: 'x'.repeat(43) },
      });
      expect(madeUp.status).toBe(404);
      for (const bad of ['nonsense', `${'0'.repeat(8)}-0000-7000-8000-000000000000.forged`, '']) {
        const api = await request(ctx, {
          method: 'POST',
          url: '/api/newsletters/unsubscribe',
          payload: { token: bad },
        });
        expect(api.status).toBe(bad === '' ? 400 : 404);
        const page = await ctx.app.inject({ method: 'GET', url: `/newsletters/unsubscribe?token=${bad}` });
        expect(page.statusCode).toBe(404);
      }
    });

    it('uses a signed-in reader’s account address when the call gives none', async () => {
      const reader = await signUpUser(ctx);
      const asked = await subscribe(ctx, { publication: writer.id }, { token: reader.token });
      expect(asked.status).toBe(202);
      await confirmationToken(reader.email);
      const anonymous = await subscribe(ctx, { publication: writer.id });
      expect(anonymous.status).toBe(400);
      expect(anonymous.body).toMatchObject({ errors: { email: [expect.any(String)] } });
    });

    it('stores the address trimmed with its domain lower-cased, once per list, each list apart', async () => {
      const local = `Mixed.Case-${process.pid}-${(counter += 1)}`;
      await subscribe(ctx, { publication: writer.id, email: `  ${local}@EXAMPLE.Com ` });
      await subscribe(ctx, { publication: writer.id, email: `${local}@example.com` });
      const rows = await ctx.database.db
        .selectFrom('newsletter_subscriptions')
        .select(['email', 'publication_id'])
        .where('email', 'like', `${local}%`)
        .execute();
      expect(rows).toEqual([{ email: `${local}@example.com`, publication_id: writer.id }]);

      const created = await request<{ publication: { slug: string } }>(ctx, {
        method: 'POST',
        url: '/api/publications',
        token: writer.token,
        payload: { slug: `letters-${process.pid}`, name: 'Letters' },
      });
      expect(created.status).toBe(201);
      const byslug = await subscribe(ctx, {
        publication: `letters-${process.pid}`,
        email: `${local}@example.com`,
      });
      expect(byslug.status).toBe(202);
      expect(byslug.body).toMatchObject({ publication: { slug: `letters-${process.pid}`, name: 'Letters' } });
      expect(await confirmationToken(`${local}@example.com`, 2)).toBeTruthy();
    });

    it('refuses bad input with 400 (a page by the field for the form), never 500, and sends nothing', async () => {
      const before = inbox.length;
      for (const payload of [
        { publication: writer.id, email: 'not-an-address' },
        { publication: writer.id, email: 5 },
        { publication: writer.id, email: ['a@example.com'] },
        { publication: writer.id, email: `${'a'.repeat(300)}@example.com` },
        { email: 'a@example.com' },
        { publication: 12, email: 'a@example.com' },
        {},
      ]) {
        const answer = await subscribe(ctx, payload);
        expect(answer.status, JSON.stringify(payload)).toBe(400);
      }
      const unknown = await subscribe(ctx, { publication: 'no-such-blog', email: 'a@example.com' });
      expect(unknown.status).toBe(404);
      const notJson = await ctx.app.inject({
        method: 'POST',
        url: '/api/newsletters/subscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a@example.com',
      });
      expect(notJson.statusCode).toBe(415);

      const page = await form(ctx, '/newsletters/subscribe', { publication: writer.id, email: 'oops' });
      expect(page.statusCode).toBe(400);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toMatch(
        /id="subscribe-email-error" class="field-error">Email address must be a valid address/,
      );
      expect(page.body).toContain('aria-invalid="true"');
      expect(page.body).toContain('value="oops"');
      const refused: Record<string, string>[] = [
        {},
        { publication: 'no-such-blog', email: 'a@example.com' },
        { email: 'a@b.co' },
      ];
      for (const fields of refused) {
        const answer = await form(ctx, '/newsletters/subscribe', fields);
        expect(answer.statusCode).toBe(404);
      }
      const garbage = await ctx.app.inject({
        method: 'POST',
        url: '/newsletters/subscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '%%%&&&==publication',
      });
      expect(garbage.statusCode).toBeLessThan(500);
      await settle();
      expect(inbox.length).toBe(before);
    });

    it('tells the owner’s webhooks when an address is confirmed and when it leaves, and nothing before', async () => {
      const receiver = await WebhookReceiver.start();
      try {
        const owner = await signUpUser(ctx);
        const hook = await request(ctx, {
          method: 'POST',
          url: '/api/webhooks',
          token: owner.token,
          payload: {
            url: receiver.url('/subscribers'),
            events: ['subscriber.created', 'subscriber.removed'],
          },
        });
        expect(hook.status).toBe(201);
        const email = freshAddress('hooked');
        await subscribe(ctx, { publication: owner.id, email });
        const token = await confirmationToken(email);
        await settle();
        expect(receiver.received).toEqual([]);

        const unsubscribeToken = await confirmByForm(ctx, token);
        const created = await eventually(
          () => receiver.events('subscriber.created', email)[0],
          'subscriber.created',
        );
        expect(JSON.parse(created.body)).toMatchObject({
          event: 'subscriber.created',
          data: { subscriber: { email, status: 'active', publication: { id: owner.id } } },
        });
        await ctx.app.inject({
          method: 'POST',
          url: `/newsletters/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        const removed = await eventually(
          () => receiver.events('subscriber.removed', email)[0],
          'subscriber.removed',
        );
        expect(JSON.parse(removed.body)).toMatchObject({
          data: { subscriber: { email, status: 'unsubscribed' } },
        });
        // Unsubscribing again removes nobody.
        await request(ctx, {
          method: 'POST',
          url: '/api/newsletters/unsubscribe',
          payload: { token: unsubscribeToken },
        });
        await settle();
        expect(receiver.events('subscriber.removed', email)).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    it('puts the subscribe form on the publication’s site home and post pages, allowed by their policy', async () => {
      const mine = await request<{ response: { publication: { slug: string } }[] }>(ctx, {
        method: 'GET',
        url: '/api/user/publications',
        token: writer.token,
      });
      const slug = mine.body.response[0]?.publication.slug;
      const home = await ctx.app.inject({ method: 'GET', url: `/pub/${slug}` });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<form method="post" action="http://inkwell.test/newsletters/subscribe">');
      expect(home.body).toContain(`name="publication" value="${writer.id}"`);
      expect(home.body).toMatch(/<label for="subscribe-email">Email address<\/label>/);
      expect(home.headers['content-security-policy']).toContain("form-action 'self' http://inkwell.test;");
      const post = await createPost(ctx, writer);
      const postPage = await ctx.app.inject({ method: 'GET', url: `/pub/${slug}/posts/${post.id}` });
      expect(postPage.statusCode).toBe(200);
      expect(postPage.body).toContain(
        '<form method="post" action="http://inkwell.test/newsletters/subscribe">',
      );
    });
  },
  {
    config: {
      smtpUrl,
      mailQueue: QUICK_QUEUE,
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

describeEachDatabase(
  'newsletter subscription limits',
  (ctx) => {
    let writer: TestUser;
    beforeAll(async () => {
      writer = await signUpUser(ctx);
    });

    it('limits requests per address, whichever list, and per client address', async () => {
      const email = freshAddress('limited');
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await subscribe(ctx, { publication: writer.id, email }, { ip: '10.0.0.1' })).status);
      }
      expect(statuses).toEqual([202, 202, 202, 429]);

      const fromOneClient = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const answer = await subscribe(
          ctx,
          { publication: writer.id, email: freshAddress('crowd') },
          { ip: '10.0.0.2' },
        );
        fromOneClient.push(answer.status);
        if (answer.status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(fromOneClient).toEqual([202, 202, 202, 202, 202, 202, 429]);
      // The form says so by the field.
      const page = await form(ctx, '/newsletters/subscribe', { publication: writer.id, email });
      expect(page.statusCode).toBe(429);
      expect(page.body).toContain('Too many subscription requests');
    });
  },
  {
    config: {
      smtpUrl,
      mailQueue: QUICK_QUEUE,
      rateLimits: {
        newsletterRequestsPerAddress: { max: 3, windowMs: 60_000 },
        newsletterRequestsPerIp: { max: 6, windowMs: 60_000 },
      },
    },
  },
);
