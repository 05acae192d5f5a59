import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { NewsletterSendReport } from '../../contracts/newsletter-subscribers';
import type { Post } from '../../contracts/posts';
import type { PostStats, PublicationStats, WriterStats } from '../../contracts/stats';
import { buildApp } from '../../server/app';
import { uuidv7 } from '../../server/lib/ids';
import { NewsletterSendsRepository } from '../../server/modules/newsletters/newsletter-sends-repository';
import {
  describeEachDatabase,
  request,
  signUpUser,
  testConfig,
  type ApiContext,
  type TestConfigOverrides,
  type TestUser,
} from './support/harness';
import { startMailSink, type ReceivedMail } from './support/mail-sink';
import { deliveryStatesIn } from './support/newsletter-deliveries';
import { addMember, createPublication } from './support/publications';
import { eventually } from './support/eventually';

/** A real SMTP server (smtp-server) whose messages mailparser reads: what readers would receive. */
const sink = await startMailSink();
afterAll(() => sink.close());

const QUICK = { pollIntervalMs: 30, backoffBaseMs: 20, backoffMaxMs: 40, maxAttempts: 4, pageSize: 7 };

const config = (): TestConfigOverrides => {
  const base = testConfig();
  return {
    smtpUrl: sink.url,
    mailFrom: 'Inkwell <news@inkwell.test>',
    mailQueue: { pollIntervalMs: 50 },
    newsletters: {
      ...base.newsletters,
      ratePerSecond: 1000,
      connections: 3,
      unsubscribeMailto: 'leave@inkwell.test',
      queue: QUICK,
    },
  };
};

let counter = 0;
const freshAddress = (tag: string) => `${tag}-${process.pid}-${(counter += 1)}@example.com`;
const mailsAbout = (title: string) => sink.inbox.filter((mail) => mail.subject === title);
const addressesOf = (mails: ReceivedMail[]) => mails.map((mail) => mail.to).sort();

type Status = 'pending' | 'active' | 'unsubscribed' | 'bounced';

/** Subscriptions written straight into the list (how they got there is the subscribe tests' concern). */
async function addSubscribers(ctx: ApiContext, listId: string, entries: [string, Status][]): Promise<void> {
  const now = new Date().toISOString();
  await ctx.database.db
    .insertInto('newsletter_subscriptions')
    .values(
      entries.map(([email, status]) => ({
        id: uuidv7(),
        publication_id: listId,
        email,
        user_id: null,
        status,
        confirmed_at: status === 'pending' ? null : now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

async function activeList(ctx: ApiContext, listId: string, tag: string, count: number): Promise<string[]> {
  const addresses = Array.from({ length: count }, () => freshAddress(tag));
  await addSubscribers(
    ctx,
    listId,
    addresses.map((address) => [address, 'active']),
  );
  return addresses.sort();
}

async function publish(ctx: ApiContext, writer: TestUser, body: Record<string, unknown>): Promise<Post> {
  const answer = await request<{ response: Post }>(ctx, {
    method: 'POST',
    url: '/api/post/blog',
    token: writer.token,
    payload: { content: 'Some **Markdown** with `code`.\n\n![A picture](/media/x.png)', ...body },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.response;
}

/** The deliveries of a post by state (what is left to send, what went, what was stopped). */
const deliveryStates = (ctx: ApiContext, postId: string) => deliveryStatesIn(ctx.database.db, postId);

/** The post's send row: undefined when publishing queued no email. */
const sendOf = (ctx: ApiContext, postId: string) =>
  ctx.database.db
    .selectFrom('newsletter_sends')
    .select('state')
    .where('post_id', '=', postId)
    .executeTakeFirst();

/** Waits until the post's send is over: its list copied and nothing pending or in flight. */
async function settled(ctx: ApiContext, postId: string): Promise<Record<string, number>> {
  return eventually(async () => {
    const send = await ctx.database.db
      .selectFrom('newsletter_sends')
      .select('state')
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (send && (send.state === 'waiting' || send.state === 'copying')) return undefined;
    const states = await deliveryStates(ctx, postId);
    return states.pending || states.sending ? undefined : states;
  }, `the send of ${postId} to end`);
}

/**
 * A post's send as the copier leaves it once the whole list is copied (`queued`, its cursor at
 * the last address), written by hand so that no worker of the app copies it; the list's
 * subscriptions in id order, for the test to write their deliveries.
 */
async function copiedByHand(
  ctx: ApiContext,
  listId: string,
  postId: string,
): Promise<{ id: string; email: string }[]> {
  const now = new Date().toISOString();
  const ids = await ctx.database.db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email'])
    .where('publication_id', '=', listId)
    .orderBy('id')
    .execute();
  await ctx.database.db
    .insertInto('newsletter_sends')
    .values({
      post_id: postId,
      publication_id: listId,
      state: 'queued',
      cursor: ids.at(-1)!.id,
      locked_until: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return ids;
}

const statusOf = async (ctx: ApiContext, email: string) =>
  (
    await ctx.database.db
      .selectFrom('newsletter_subscriptions')
      .select('status')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).status;

describeEachDatabase(
  'newsletter sending',
  (ctx) => {
    let writer: TestUser;

    beforeAll(async () => {
      writer = await signUpUser(ctx, { username: `sender ${process.pid}` });
    });
    beforeEach(() => {
      sink.recipients = () => undefined;
      sink.gate = undefined;
    });

    it('emails each active subscriber once on publishing, with the list headers, and one click unsubscribes', async () => {
      const active = await activeList(ctx, writer.id, 'active', 15);
      const others: [string, Status][] = [
        [freshAddress('pending'), 'pending'],
        [freshAddress('left'), 'unsubscribed'],
        [freshAddress('bounced'), 'bounced'],
      ];
      await addSubscribers(ctx, writer.id, others);
      const title = `First issue ${process.pid} ${ctx.dialect}`;
      const post = await publish(ctx, writer, { title });

      const states = await settled(ctx, post.id);
      expect(states).toEqual({ sent: 15 });
      const mails = mailsAbout(title);
      expect(addressesOf(mails)).toEqual(active);

      const mail = mails[0]!;
      expect(mail.from).toEqual({ name: writer.username, address: 'news@inkwell.test' });
      expect(mail.text).toContain(`/readblog?id=${post.id}`);
      expect(mail.text).toContain('Unsubscribe: http://inkwell.test/newsletters/unsubscribe?token=');
      expect(mail.html).toContain('<code style="');
      expect(mail.html).toContain('src="http://inkwell.test/media/x.png"');
      expect(mail.html).toContain('width="600"');
      expect(mail.headers.get('list-id')).toContain(`<${writer.id}.list-id.inkwell.test>`);
      expect(mail.headers.get('list-id')).toContain(writer.username);
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const header = mail.headers.get('list-unsubscribe') ?? '';
      expect(header).toContain('<mailto:leave@inkwell.test?subject=unsubscribe');
      const https = /<(http:\/\/inkwell\.test\/newsletters\/unsubscribe\?token=[^>]+)>/.exec(header)?.[1];
      expect(https).toBeDefined();

      // RFC 8058: the mail program POSTs to the header's address; the address is off at once.
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: new URL(https!).pathname + new URL(https!).search,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(await statusOf(ctx, mail.to)).toBe('unsubscribed');

      // Editing the published post sends nothing more.
      const edited = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${post.id}`,
        token: writer.token,
        payload: { title, content: 'Edited.' },
      });
      expect(edited.status).toBe(200);
      expect(await settled(ctx, post.id)).toEqual({ sent: 15 });
      expect(mailsAbout(title)).toHaveLength(15);
    });

    it.skipIf(ctx.dialect !== 'postgres')(
      "takes the deliveries' statistics once a list's copy grew them by more than a tenth (decision 95)",
      async () => {
        const analyses = async () => {
          const { rows } = await sql<{ count: string; tuples: number }>`
            select s.analyze_count as count, c.reltuples as tuples
            from pg_stat_user_tables s join pg_class c on c.oid = s.relid
            where s.relname = 'newsletter_deliveries'`.execute(ctx.database.db);
          return { count: Number(rows[0]?.count ?? 0), tuples: Number(rows[0]?.tuples ?? -1) };
        };
        const before = await analyses();
        const big = await signUpUser(ctx);
        await activeList(ctx, big.id, 'grows', Math.max(20, Math.ceil(before.tuples * 0.1) + 5));
        const grown = await publish(ctx, big, { title: `Grows the queue ${process.pid}` });
        await settled(ctx, grown.id);
        await eventually(
          async () => ((await analyses()).count > before.count ? true : undefined),
          'an analyze',
        );

        // One more address is no reason to read the table again.
        const after = await analyses();
        const small = await signUpUser(ctx);
        await activeList(ctx, small.id, 'small', 1);
        await settled(ctx, (await publish(ctx, small, { title: `Barely grows it ${process.pid}` })).id);
        expect((await analyses()).count).toBe(after.count);
      },
    );

    it('sends nothing for a post published on the web only, nor for a draft', async () => {
      const reader = freshAddress('web');
      await addSubscribers(ctx, writer.id, [[reader, 'active']]);
      const web = await publish(ctx, writer, { title: `Web only ${ctx.dialect}`, newsletter: 'web' });
      const draft = await publish(ctx, writer, { title: `Draft ${ctx.dialect}`, status: 'draft' });
      const bad = await request(ctx, {
        method: 'POST',
        url: '/api/post/blog',
        token: writer.token,
        payload: { title: 'x', content: 'y', newsletter: 'fax' },
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain('newsletter must be');
      // A later post that does email shows the worker ran past both.
      const marker = await publish(ctx, writer, { title: `Marker ${ctx.dialect}` });
      await settled(ctx, marker.id);
      const rows = await ctx.database.db
        .selectFrom('newsletter_sends')
        .select('post_id')
        .where('post_id', 'in', [web.id, draft.id])
        .execute();
      expect(rows).toEqual([]);
      expect(sink.inbox.filter((mail) => mail.to === reader).map((mail) => mail.subject)).toEqual([
        `Marker ${ctx.dialect}`,
      ]);
    });

    it('sends a scheduled post when it goes live, and a draft published later with its choice', async () => {
      const reader = freshAddress('scheduled');
      const list = await signUpUser(ctx);
      await addSubscribers(ctx, list.id, [[reader, 'active']]);
      const title = `Scheduled ${ctx.dialect}`;
      const post = await publish(ctx, list, {
        title,
        publishAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      });
      const marker = await publish(ctx, writer, { title: `Scheduled marker ${ctx.dialect}` });
      await settled(ctx, marker.id);
      expect(mailsAbout(title)).toEqual([]);
      // Its time comes (no event says so: the worker notices).
      await ctx.database.db
        .updateTable('posts')
        .set({ published_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', post.id)
        .execute();
      expect(await settled(ctx, post.id)).toEqual({ sent: 1 });
      expect(addressesOf(mailsAbout(title))).toEqual([reader]);

      const draftTitle = `Draft then web ${ctx.dialect}`;
      const draft = await publish(ctx, list, { title: draftTitle, status: 'draft' });
      const published = await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${draft.id}`,
        token: list.token,
        payload: { title: draftTitle, content: 'Now.', status: 'published', newsletter: 'web' },
      });
      expect(published.status).toBe(200);
      const laterTitle = `Draft then email ${ctx.dialect}`;
      const later = await publish(ctx, list, { title: laterTitle, status: 'draft' });
      await request(ctx, {
        method: 'PUT',
        url: `/api/post/blog?id=${later.id}`,
        token: list.token,
        payload: { title: laterTitle, content: 'Now.', status: 'published' },
      });
      expect(await settled(ctx, later.id)).toEqual({ sent: 1 });
      expect(mailsAbout(draftTitle)).toEqual([]);
      expect(addressesOf(mailsAbout(laterTitle))).toEqual([reader]);
    });

    it('stops what is not yet sent when the post is unpublished, or deleted, mid-send', async () => {
      for (const stop of ['unpublish', 'delete'] as const) {
        const list = await signUpUser(ctx);
        const addresses = await activeList(ctx, list.id, stop, 20);
        let release!: () => void;
        sink.gate = new Promise<void>((resolve) => (release = resolve));
        const title = `Stopped by ${stop} ${ctx.dialect}`;
        const post = await publish(ctx, list, { title });
        // Three connections: three messages are in their SMTP transaction, held by the sink.
        await eventually(
          async () => ((await deliveryStates(ctx, post.id)).sending ?? 0) >= 1 || undefined,
          'a send',
        );
        const answer =
          stop === 'unpublish'
            ? await request(ctx, {
                method: 'PUT',
                url: `/api/post/blog?id=${post.id}`,
                token: list.token,
                payload: { title, content: 'Back to draft', status: 'draft' },
              })
            : await request(ctx, {
                method: 'DELETE',
                url: `/api/post/blog/delete?id=${post.id}`,
                token: list.token,
              });
        expect(answer.status).toBe(200);
        release();
        sink.gate = undefined;
        if (stop === 'unpublish') {
          const states = await settled(ctx, post.id);
          expect(states.cancelled).toBeGreaterThanOrEqual(17);
          expect((states.sent ?? 0) + (states.cancelled ?? 0)).toBe(20);
        }
        // In-flight messages finish; nothing else leaves.
        await eventually(
          async () =>
            (await ctx.database.db
              .selectFrom('newsletter_deliveries')
              .select('state')
              .where('post_id', '=', post.id)
              .where('state', 'in', ['pending', 'sending'])
              .executeTakeFirst()) === undefined || undefined,
          'the in-flight sends',
        );
        const received = mailsAbout(title);
        expect(received.length).toBeLessThanOrEqual(3);
        expect(new Set(received.map((mail) => mail.to)).size).toBe(received.length);
        for (const mail of received) expect(addresses).toContain(mail.to);
      }
    });

    it('marks an address refused at RCPT with 5xx bounced, and retries a 4xx until it goes', async () => {
      const list = await signUpUser(ctx);
      const gone = freshAddress('gone');
      const busy = freshAddress('busy');
      const fine = freshAddress('fine');
      await addSubscribers(ctx, list.id, [
        [gone, 'active'],
        [busy, 'active'],
        [fine, 'active'],
      ]);
      let busyRefusals = 0;
      sink.recipients = (address) => {
        if (address === gone) return { code: 550, message: 'No such user here' };
        if (address === busy && busyRefusals < 2) {
          busyRefusals += 1;
          return { code: 451, message: 'Try again later' };
        }
        return undefined;
      };
      const title = `Bounce and retry ${ctx.dialect}`;
      const post = await publish(ctx, list, { title });
      expect(await settled(ctx, post.id)).toEqual({ sent: 2, bounced: 1 });
      expect(busyRefusals).toBe(2);
      expect(addressesOf(mailsAbout(title))).toEqual([busy, fine].sort());
      expect(await statusOf(ctx, gone)).toBe('bounced');
      const attempts = await ctx.database.db
        .selectFrom('newsletter_deliveries as d')
        .innerJoin('newsletter_subscriptions as s', 's.id', 'd.subscription_id')
        .select('d.attempts')
        .where('s.email', '=', busy)
        .executeTakeFirstOrThrow();
      expect(Number(attempts.attempts)).toBe(3);

      // A bounced address gets nothing more.
      const next = await publish(ctx, list, { title: `After the bounce ${ctx.dialect}` });
      expect(await settled(ctx, next.id)).toEqual({ sent: 2 });

      // The writer's per-post figures: newest first, each email by what became of it.
      const report = await request<{ response: NewsletterSendReport[]; nextCursor: string | null }>(ctx, {
        method: 'GET',
        url: `/api/newsletters/lists/${list.id}/sends`,
        token: list.token,
      });
      expect(report.status, JSON.stringify(report.body)).toBe(200);
      const none = { waiting: 0, sent: 0, bounced: 0, failed: 0, skipped: 0, cancelled: 0 };
      expect(report.body).toEqual({
        response: [
          {
            post: { id: next.id, title: `After the bounce ${ctx.dialect}` },
            state: 'queued',
            createdAt: expect.stringMatching(/^\d{4}-/),
            emails: { ...none, sent: 2 },
          },
          {
            post: { id: post.id, title },
            state: 'queued',
            createdAt: expect.stringMatching(/^\d{4}-/),
            emails: { ...none, sent: 2, bounced: 1 },
          },
        ],
        nextCursor: null,
      });
      const stranger = await signUpUser(ctx);
      const refused = await request(ctx, {
        method: 'GET',
        url: `/api/newsletters/lists/${list.id}/sends`,
        token: stranger.token,
      });
      expect(refused.status).toBe(403);
      const badCursor = await request<{ errors: Record<string, string[]> }>(ctx, {
        method: 'GET',
        url: `/api/newsletters/lists/${list.id}/sends?cursor=nonsense`,
        token: list.token,
      });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.errors.cursor).toEqual(['cursor is not one this server gave']);
    });

    it("keeps a list's settings, uses them in its emails, previews a post and sends a test to the writer", async () => {
      const list = await signUpUser(ctx);
      const url = `/api/newsletters/lists/${list.id}/settings`;
      const stranger = await signUpUser(ctx);
      expect((await request(ctx, { method: 'GET', url, token: stranger.token })).status).toBe(403);
      const bad = await request(ctx, {
        method: 'PUT',
        url,
        token: list.token,
        payload: { newsletterName: 'x', senderName: null, replyTo: 'not an address', footer: null },
      });
      expect(bad.status).toBe(400);
      // Said under the form's field as it is: words for the writer, not the API's field names.
      expect((bad.body as { errors?: Record<string, string[]> }).errors).toEqual({
        replyTo: ['Reply-To must be an email address, such as replies@example.com'],
      });
      const saved = await request(ctx, {
        method: 'PUT',
        url,
        token: list.token,
        payload: {
          newsletterName: 'The Weekly Letter',
          senderName: 'Ada at the Letter',
          replyTo: 'ada@example.com',
          footer: 'Written in a small garden.',
        },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await request(ctx, { method: 'GET', url, token: list.token })).body).toEqual({
        response: {
          newsletterName: 'The Weekly Letter',
          senderName: 'Ada at the Letter',
          replyTo: 'ada@example.com',
          footer: 'Written in a small garden.',
          defaultDelivery: 'email',
        },
      });

      const draft = { title: `Not yet out ${ctx.dialect}`, content: 'A **preview** with `code`.' };
      const preview = await request<{ response: { subject: string; html: string; text: string } }>(ctx, {
        method: 'POST',
        url: `/api/newsletters/lists/${list.id}/preview`,
        token: list.token,
        payload: draft,
      });
      expect(preview.status).toBe(200);
      expect(preview.body.response.subject).toBe(draft.title);
      expect(preview.body.response.html).toContain('<strong>preview</strong>');
      expect(preview.body.response.html).toContain('Written in a small garden.');
      const test = await request(ctx, {
        method: 'POST',
        url: `/api/newsletters/lists/${list.id}/test-email`,
        token: list.token,
        payload: draft,
      });
      expect(test.status).toBe(200);
      const received = await eventually(
        () => sink.inbox.find((mail) => mail.subject === `[Test] ${draft.title}`),
        'the test email',
      );
      expect(received.to).toBe(list.email);

      const reader = freshAddress('settings');
      await addSubscribers(ctx, list.id, [[reader, 'active']]);
      const title = `With settings ${ctx.dialect}`;
      const post = await publish(ctx, list, { title });
      await settled(ctx, post.id);
      const [mail] = mailsAbout(title);
      expect(mail?.from).toEqual({ name: 'Ada at the Letter', address: 'news@inkwell.test' });
      expect(mail?.replyTo).toBe('ada@example.com');
      expect(mail?.text).toContain('Written in a small garden.');
      expect(mail?.text).toContain('subscribed to The Weekly Letter');
    });

    it("publishes without a choice as the list's default: a writer's and a publication's, each its own", async () => {
      const owner = await signUpUser(ctx);
      const member = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      const slug = `defaults${process.pid}${ctx.dialect}`;
      const team = await createPublication(ctx, owner, slug);
      await addMember(ctx, owner, slug, member, 'writer');
      const readers = [freshAddress('own-default'), freshAddress('team-default')];
      await addSubscribers(ctx, owner.id, [[readers[0]!, 'active']]);
      await addSubscribers(ctx, team.id, [[readers[1]!, 'active']]);
      const saveSettings = (list: string, changes: Record<string, unknown>) =>
        request<{ response: { defaultDelivery: string } }>(ctx, {
          method: 'PUT',
          url: `/api/newsletters/lists/${list}/settings`,
          token: owner.token,
          payload: { newsletterName: null, senderName: null, replyTo: null, footer: null, ...changes },
        });
      const defaultOf = (list: string, token: string) =>
        request<{ response: { defaultDelivery: string } }>(ctx, {
          method: 'GET',
          url: `/api/newsletters/lists/${list}/default-delivery`,
          token,
        });

      // A new list emails; any member reads the default (where the writing page starts), others not.
      expect((await defaultOf(owner.id, owner.token)).body.response).toEqual({ defaultDelivery: 'email' });
      expect((await defaultOf(slug, member.token)).body.response).toEqual({ defaultDelivery: 'email' });
      expect((await defaultOf(slug, stranger.token)).status).toBe(403);
      expect((await defaultOf(owner.id, member.token)).status).toBe(403);
      expect((await defaultOf('no-such-list-at-all', owner.token)).status).toBe(404);

      const bad = await saveSettings(owner.id, { defaultDelivery: 'fax' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        errors: { defaultDelivery: ['defaultDelivery must be "email" or "web"'] },
      });

      // The writer's own blog goes web only by default; the publication keeps emailing.
      const saved = await saveSettings(owner.id, { defaultDelivery: 'web' });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.response.defaultDelivery).toBe('web');
      // A save that leaves the field out keeps it.
      const kept = await saveSettings(owner.id, { newsletterName: 'Notes' });
      expect(kept.body.response.defaultDelivery).toBe('web');

      const ownTitle = `Own default ${ctx.dialect}`;
      const own = await publish(ctx, owner, { title: ownTitle });
      const teamTitle = `Team default ${ctx.dialect}`;
      const inTeam = await publish(ctx, member, { title: teamTitle, publication: slug });
      expect(await settled(ctx, inTeam.id)).toEqual({ sent: 1 });
      expect(addressesOf(mailsAbout(teamTitle))).toEqual([readers[1]]);
      // The writer's own post was not queued at all; a named choice still wins over the default.
      expect(await sendOf(ctx, own.id)).toBeUndefined();
      const namedTitle = `Named over default ${ctx.dialect}`;
      const named = await publish(ctx, owner, { title: namedTitle, newsletter: 'email' });
      expect(await settled(ctx, named.id)).toEqual({ sent: 1 });
      expect(addressesOf(mailsAbout(namedTitle))).toEqual([readers[0]]);
      expect(mailsAbout(ownTitle)).toHaveLength(0);

      // The publication's owner sets its default to web: its next post is not emailed either.
      await saveSettings(slug, { defaultDelivery: 'web' });
      expect((await defaultOf(slug, member.token)).body.response).toEqual({ defaultDelivery: 'web' });
      const later = await publish(ctx, member, { title: `Team web ${ctx.dialect}`, publication: slug });
      expect(await sendOf(ctx, later.id)).toBeUndefined();
    });

    it("shows a list's and a post's emails beside their stats, to whom may see them, and tags the email's links", async () => {
      const owner = await signUpUser(ctx);
      const member = await signUpUser(ctx);
      const stranger = await signUpUser(ctx);
      const slug = `figures${process.pid}${ctx.dialect}`;
      const team = await createPublication(ctx, owner, slug);
      await addMember(ctx, owner, slug, member, 'writer');
      const gone = freshAddress('figures-gone');
      const kept = [freshAddress('figures-a'), freshAddress('figures-b')];
      const left = freshAddress('figures-left');
      await addSubscribers(ctx, owner.id, [
        [kept[0]!, 'active'],
        [kept[1]!, 'active'],
        [gone, 'active'],
        [left, 'unsubscribed'],
      ]);
      await ctx.database.db
        .updateTable('newsletter_subscriptions')
        .set({ unsubscribed_at: new Date().toISOString() })
        .where('email', '=', left)
        .execute();
      sink.recipients = (address) => (address === gone ? { code: 550, message: 'No such user' } : undefined);
      const title = `Figures ${ctx.dialect}`;
      const post = await publish(ctx, owner, { title });
      expect(await settled(ctx, post.id)).toEqual({ sent: 2, bounced: 1 });
      const webOnly = await publish(ctx, owner, { title: `Figures web ${ctx.dialect}`, newsletter: 'web' });

      // The email's links to the post say where the visit came from (Sources: newsletter).
      const mail = mailsAbout(title)[0]!;
      expect(mail.html).toMatch(
        new RegExp(`/readblog\\?id=${post.id}&amp;ref=newsletter"[^>]*>Read on the web</a>`),
      );
      expect(mail.text).toContain(`/readblog?id=${post.id}&ref=newsletter`);

      const none = { waiting: 0, sent: 0, bounced: 0, failed: 0, skipped: 0, cancelled: 0 };
      const writerStats = await request<WriterStats>(ctx, {
        method: 'GET',
        url: '/api/stats/writer?days=7',
        token: owner.token,
      });
      expect(writerStats.status, JSON.stringify(writerStats.body)).toBe(200);
      const newsletter = writerStats.body.newsletter;
      expect(newsletter.list).toEqual({ id: owner.id, slug: expect.any(String), name: owner.username });
      // The bounced address is off the list: two active readers.
      expect(newsletter.subscribers).toBe(2);
      expect(newsletter.growth).toHaveLength(7);
      expect(newsletter.growth.at(-1)).toEqual({
        day: writerStats.body.to,
        subscribed: 4,
        unsubscribed: 1,
      });
      expect(newsletter.posts).toEqual([
        {
          id: post.id,
          title,
          emailedAt: expect.stringMatching(/^\d{4}-/),
          state: 'queued',
          emails: { ...none, sent: 2, bounced: 1 },
        },
      ]);
      const today = await request<WriterStats>(ctx, {
        method: 'GET',
        url: '/api/stats/writer?days=1',
        token: owner.token,
      });
      expect(today.body.newsletter.growth).toEqual([{ day: today.body.to, subscribed: 4, unsubscribed: 1 }]);

      const postStats = await request<PostStats>(ctx, {
        method: 'GET',
        url: `/api/stats/post?id=${post.id}`,
        token: owner.token,
      });
      expect(postStats.body.newsletter).toEqual({
        emailedAt: expect.stringMatching(/^\d{4}-/),
        state: 'queued',
        emails: { ...none, sent: 2, bounced: 1 },
      });
      const webStats = await request<PostStats>(ctx, {
        method: 'GET',
        url: `/api/stats/post?id=${webOnly.id}`,
        token: owner.token,
      });
      expect(webStats.status).toBe(200);
      expect(webStats.body.newsletter).toBeNull();

      // A team's list: its owner sees it on the publication's stats; a writer member sees their
      // post's email on the post's stats, not the list; a stranger neither.
      await addSubscribers(ctx, team.id, [[freshAddress('figures-team'), 'active']]);
      const teamTitle = `Figures team ${ctx.dialect}`;
      const teamPost = await publish(ctx, member, { title: teamTitle, publication: slug });
      expect(await settled(ctx, teamPost.id)).toEqual({ sent: 1 });
      const teamStats = await request<PublicationStats>(ctx, {
        method: 'GET',
        url: `/api/stats/publication?id=${slug}&days=30`,
        token: owner.token,
      });
      expect(teamStats.status).toBe(200);
      expect(teamStats.body.newsletter).toMatchObject({
        list: { id: team.id, slug, name: team.name },
        subscribers: 1,
        posts: [{ id: teamPost.id, title: teamTitle, emails: { ...none, sent: 1 } }],
      });
      expect(teamStats.body.newsletter.growth).toHaveLength(30);
      // The site's address, which the Stats page links with the fragment that stops counting a browser.
      expect(teamStats.body.publication.siteUrl).toBe(team.url);
      const memberPost = await request<PostStats>(ctx, {
        method: 'GET',
        url: `/api/stats/post?id=${teamPost.id}`,
        token: member.token,
      });
      expect(memberPost.body.newsletter?.emails).toEqual({ ...none, sent: 1 });
      // The member's own stats show their own blog's list, where the team post was not emailed.
      const memberStats = await request<WriterStats>(ctx, {
        method: 'GET',
        url: '/api/stats/writer',
        token: member.token,
      });
      expect(memberStats.body.newsletter).toMatchObject({
        list: { id: member.id },
        subscribers: 0,
        posts: [],
      });
      for (const [url, token] of [
        [`/api/stats/publication?id=${slug}`, member.token],
        [`/api/stats/post?id=${post.id}`, stranger.token],
      ] as const) {
        expect((await request(ctx, { method: 'GET', url, token })).status).toBe(403);
      }
    });

    it('delivers each address once when two instances send one post', async () => {
      const second: FastifyInstance = await buildApp({
        config: testConfig(config()),
        database: ctx.database,
      });
      await second.ready();
      try {
        const list = await signUpUser(ctx);
        const addresses = await activeList(ctx, list.id, 'twice', 60);
        const title = `Two instances ${ctx.dialect}`;
        const post = await publish(ctx, list, { title });
        expect(await settled(ctx, post.id)).toEqual({ sent: 60 });
        expect(addressesOf(mailsAbout(title))).toEqual(addresses);
      } finally {
        await second.close();
      }
    });

    it('marks a chunk sending, then sent, only where this worker still holds the lease (decision 92)', async () => {
      const list = await signUpUser(ctx);
      await activeList(ctx, list.id, 'chunk', 4);
      // Published on the web only, then queued by hand, so no worker of the app sends it.
      const post = await publish(ctx, list, { title: `Chunk ${ctx.dialect}`, newsletter: 'web' });
      const ids = await copiedByHand(ctx, list.id, post.id);
      // Due in an hour: the app's own worker leaves them alone; this test claims them as of then.
      const due = new Date(Date.now() + 3_600_000).toISOString();
      await ctx.database.db
        .insertInto('newsletter_deliveries')
        .values(
          ids.map((row) => ({
            post_id: post.id,
            subscription_id: row.id,
            state: 'pending' as const,
            next_attempt_at: due,
            locked_until: null,
            last_error: null,
            sent_at: null,
          })),
        )
        .execute();
      const queue = new NewsletterSendsRepository(ctx.database.db, ctx.dialect);
      const lease = new Date(Date.now() + 7_200_000).toISOString();
      const claimed = await queue.claimDeliveries(due, lease, 10);
      expect(claimed).toHaveLength(4);
      // Another worker took one over (this one's lease ran out meanwhile), and one was cancelled.
      const [takenOver, cancelled] = claimed;
      const otherLease = new Date(Date.now() + 9_000_000).toISOString();
      await ctx.database.db
        .updateTable('newsletter_deliveries')
        .set({ locked_until: otherLease })
        .where('post_id', '=', post.id)
        .where('subscription_id', '=', takenOver!.subscriptionId)
        .execute();
      await ctx.database.db
        .updateTable('newsletter_deliveries')
        .set({ state: 'cancelled', locked_until: null })
        .where('post_id', '=', post.id)
        .where('subscription_id', '=', cancelled!.subscriptionId)
        .execute();

      const marked = await queue.markSendingMany(claimed);
      expect(marked.map((delivery) => delivery.subscriptionId).sort()).toEqual(
        claimed
          .slice(2)
          .map((delivery) => delivery.subscriptionId)
          .sort(),
      );
      expect(await deliveryStates(ctx, post.id)).toEqual({ pending: 1, cancelled: 1, sending: 2 });
      await queue.sentMany(claimed, new Date().toISOString());
      expect(await deliveryStates(ctx, post.id)).toEqual({ pending: 1, cancelled: 1, sent: 2 });
      const other = await ctx.database.db
        .selectFrom('newsletter_deliveries')
        .select(['state', 'locked_until'])
        .where('post_id', '=', post.id)
        .where('subscription_id', '=', takenOver!.subscriptionId)
        .executeTakeFirstOrThrow();
      expect(other).toEqual({ state: 'pending', locked_until: otherLease });
    });

    it('after a crash, sends what was claimed but not begun, and never resends what was in flight', async () => {
      const list = await signUpUser(ctx);
      const addresses = await activeList(ctx, list.id, 'crash', 6);
      const title = `Crash ${ctx.dialect}`;
      // Published on the web only, then queued by hand as a crashed instance left it: its list
      // copied, two deliveries leased and not begun, one in its SMTP transaction, the rest pending.
      const post = await publish(ctx, list, { title, newsletter: 'web' });
      const expired = new Date(Date.now() - 1000).toISOString();
      const ids = await copiedByHand(ctx, list.id, post.id);
      await ctx.database.db
        .insertInto('newsletter_deliveries')
        .values(
          ids.map((row, index) => ({
            post_id: post.id,
            subscription_id: row.id,
            state: index === 0 ? ('sending' as const) : ('pending' as const),
            attempts: index < 3 ? 1 : 0,
            next_attempt_at: new Date().toISOString(),
            locked_until: index < 3 ? expired : null,
            last_error: null,
            sent_at: null,
          })),
        )
        .execute();
      expect(await settled(ctx, post.id)).toEqual({ sent: 5, failed: 1 });
      expect(addressesOf(mailsAbout(title))).toEqual(
        addresses.filter((address) => address !== ids[0]!.email),
      );
    });
  },
  { config: config() },
);
