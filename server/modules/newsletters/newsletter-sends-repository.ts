import { authorNames } from '../../../contracts/coauthors';
import {
  sql,
  type Kysely,
  type SqlBool,
  type Transaction,
  type UpdateQueryBuilder,
  type UpdateResult,
} from 'kysely';
import type { DialectName } from '../../db/database';
import type { DatabaseSchema, NewsletterDeliveriesTable } from '../../db/schema';
import type { NewsletterChoice } from '../../../contracts/posts';
import { inTransaction } from '../../db/transaction';
import { defaultDeliveryOf } from './newsletter-settings-repository';

/** What a post's write tells the newsletter, inside the write's transaction (see the posts module). */
export interface PostWriteFacts {
  postId: string;
  /** The list it goes to: its team publication, or its author's own blog (the author's id). */
  listId: string;
  /** Its `published_at` before the write ('new': it did not exist). */
  before: string | null | 'new';
  after: string | null;
  /** The writer's choice for this write; undefined: the list's default, or as it was. */
  newsletter: NewsletterChoice | undefined;
  now: string;
}

/** autovacuum's default `autovacuum_analyze_scale_factor`: the growth that calls for new statistics. */
const ANALYZE_GROWTH = 0.1;

/** A post whose addresses this worker is copying into the deliveries, under its lease. */
export interface ClaimedSend {
  postId: string;
  listId: string;
  cursor: string | null;
  lockedUntil: string;
}

/** One post to one address, leased by this worker. */
export interface ClaimedDelivery {
  postId: string;
  subscriptionId: string;
  attempts: number;
  lockedUntil: string;
}

/** A claimed delivery with what the sending needs to know of its address and post. */
export interface DeliveryFacts extends ClaimedDelivery {
  listId: string;
  email: string;
  subscriptionStatus: string;
  publishedAt: string | null;
  hiddenAt: string | null;
}

/**
 * A delivery's state for a statement that names its rows by key. As an expression, which no
 * index answers: SQLite, which keeps no statistics, would otherwise read the rows through the
 * (state, next_attempt_at) index, every pending delivery of the send, and test each against the
 * keys: 4 ms a chunk's update at 100,000, and 12 ms a claim of 500, holding the event loop. With
 * the expression it finds each row by its primary key.
 */
const stateByKey = sql<DeliveryState>`coalesce(${sql.ref('state')}, ${sql.ref('state')})`;

type DeliveryUpdate = UpdateQueryBuilder<
  DatabaseSchema,
  'newsletter_deliveries',
  'newsletter_deliveries',
  UpdateResult
>;
type DeliveryState = NewsletterDeliveriesTable['state'];

const isLive = (publishedAt: string | null, now: string) => publishedAt !== null && publishedAt <= now;

/**
 * The only place that reads and writes the sending queue (decision 61). Every change of a row is
 * conditional on the lease its worker holds (`locked_until`), so a worker whose lease ran out and
 * was taken over changes nothing.
 */
export class NewsletterSendsRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Called by the posts repository in the transaction of every post write, so a post is queued
   * for its list exactly when it is published or scheduled, and its send is cancelled when it
   * goes back to a draft: a crash can never leave one without the other.
   */
  async postWritten(
    trx: Transaction<DatabaseSchema>,
    facts: PostWriteFacts,
  ): Promise<NewsletterChoice | undefined> {
    const { before, after, postId, now } = facts;
    if (after === null) {
      if (before !== 'new' && before !== null) await cancelIn(trx, postId, now);
      return undefined;
    }
    // Editing (or moving) a post already public sends nothing.
    if (before !== 'new' && isLive(before, now)) return undefined;
    const fromDraft = before === 'new' || before === null;
    // A scheduled post keeps its choice unless the write names one; a draft going out without one
    // takes its list's default (decision 65), read in this transaction.
    const choice = facts.newsletter ?? (fromDraft ? await defaultDeliveryOf(trx, facts.listId) : undefined);
    if (choice === undefined) return undefined;
    if (choice === 'web') {
      await trx
        .deleteFrom('newsletter_sends')
        .where('post_id', '=', postId)
        .where('state', '=', 'waiting')
        .execute();
      return choice;
    }
    // 'email' and 'email-only' are both emailed; where the post is listed is the posts module's.
    // A post emailed (or cancelled) once is never queued again: re-publishing sends nothing.
    await trx
      .insertInto('newsletter_sends')
      .values({
        post_id: postId,
        publication_id: facts.listId,
        state: 'waiting',
        cursor: null,
        locked_until: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('post_id').doNothing())
      .execute();
    return choice;
  }

  /** Hidden by a moderator: what is not yet sent is not sent. */
  async cancel(postId: string, now: string): Promise<void> {
    await inTransaction(this.db, (trx) => cancelIn(trx, postId, now));
  }

  /** Posts whose send may start or go on: queued, public now, and not leased by a live worker. */
  async claimSends(now: string, lockedUntil: string, limit: number): Promise<ClaimedSend[]> {
    const ready = (qb: Kysely<DatabaseSchema>) =>
      qb
        .selectFrom('newsletter_sends as s')
        .innerJoin('posts as p', 'p.id', 's.post_id')
        .select('s.post_id')
        .where('s.state', 'in', ['waiting', 'copying'])
        .where((eb) => eb.or([eb('s.locked_until', 'is', null), eb('s.locked_until', '<', now)]))
        .where('p.published_at', '<=', now)
        .where('p.hidden_at', 'is', null);
    if (!(await ready(this.db).limit(1).executeTakeFirst())) return [];
    const due = ready(this.db).limit(limit);
    const rows = await this.db
      .updateTable('newsletter_sends')
      .set({ state: 'copying', locked_until: lockedUntil, updated_at: now })
      .where('post_id', 'in', this.dialect === 'postgres' ? due.forUpdate('s').skipLocked() : due)
      .where('state', 'in', ['waiting', 'copying'])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['post_id', 'publication_id', 'cursor'])
      .execute();
    return rows.map((row) => ({
      postId: row.post_id,
      listId: row.publication_id,
      cursor: row.cursor,
      lockedUntil,
    }));
  }

  /**
   * Queues the next `pageSize` active addresses of the list after the cursor (read by the
   * `(publication_id, status, id)` index: never the whole list in memory) and moves the cursor,
   * in one transaction that only commits while this worker holds the lease. Whether the list is
   * done (the send then needs no lease).
   */
  async copyPage(
    send: ClaimedSend,
    pageSize: number,
    now: string,
  ): Promise<{ done: boolean; copied: number }> {
    return inTransaction(this.db, async (trx) => {
      let page = trx
        .selectFrom('newsletter_subscriptions')
        .select('id')
        .where('publication_id', '=', send.listId)
        .where('status', '=', 'active');
      if (send.cursor !== null) page = page.where('id', '>', send.cursor);
      const ids = (await page.orderBy('id').limit(pageSize).execute()).map((row) => row.id);
      if (ids.length > 0) {
        await trx
          .insertInto('newsletter_deliveries')
          .values(
            ids.map((subscriptionId) => ({
              post_id: send.postId,
              subscription_id: subscriptionId,
              state: 'pending' as const,
              next_attempt_at: now,
              locked_until: null,
              last_error: null,
              sent_at: null,
            })),
          )
          .onConflict((oc) => oc.columns(['post_id', 'subscription_id']).doNothing())
          .execute();
      }
      const done = ids.length < pageSize;
      const moved = await trx
        .updateTable('newsletter_sends')
        .set({
          cursor: ids.at(-1) ?? send.cursor,
          state: done ? 'queued' : 'copying',
          locked_until: done ? null : send.lockedUntil,
          updated_at: now,
        })
        .where('post_id', '=', send.postId)
        .where('state', '=', 'copying')
        .where('locked_until', '=', send.lockedUntil)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new LeaseLost();
      send.cursor = ids.at(-1) ?? send.cursor;
      return { done, copied: ids.length };
    });
  }

  /**
   * After a list's copy (PostgreSQL): when it grew the deliveries by more than a tenth, their
   * statistics are taken at once, as autovacuum's analyze would a minute later at best (never when
   * it is off). A statement prepared while the table was small keeps the plan it got then, a scan
   * of the whole table, until its statistics change: 30 ms for each chunk's update at 100,000
   * deliveries instead of 0.1 (decision 95).
   */
  async analyzeAfterCopy(copied: number): Promise<void> {
    if (this.dialect !== 'postgres') return;
    const { rows } = await sql<{ reltuples: number }>`
      select reltuples from pg_class where oid = 'newsletter_deliveries'::regclass`.execute(this.db);
    // -1: never analyzed.
    const known = Number(rows[0]?.reltuples ?? -1);
    if (known >= 0 && copied <= ANALYZE_GROWTH * known) return;
    await sql`analyze newsletter_deliveries`.execute(this.db);
  }

  /**
   * A send interrupted by a crash between "sending" and "sent" may have reached the reader: it is
   * marked failed, never tried again (at most once, decision 61). How many were.
   */
  async giveUpInterrupted(now: string): Promise<number> {
    const result = await this.db
      .updateTable('newsletter_deliveries')
      .set({ state: 'failed', locked_until: null, last_error: 'interrupted while sending (not retried)' })
      .where('state', '=', 'sending')
      .where('locked_until', '<', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Leases up to `limit` due deliveries, counting the attempt (SKIP LOCKED on PostgreSQL). */
  async claimDeliveries(now: string, lockedUntil: string, limit: number): Promise<DeliveryFacts[]> {
    const dueNow = (qb: Kysely<DatabaseSchema>) =>
      qb
        .selectFrom('newsletter_deliveries')
        .select(['post_id', 'subscription_id'])
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
    if (!(await dueNow(this.db).limit(1).executeTakeFirst())) return [];
    // Any due deliveries, not the earliest due: every one of them is due now. Ordered, PostgreSQL
    // (whose statistics still counted an empty table when a send's rows had just been copied)
    // read every pending row of the send and sorted them on disk for each claim of 500: 30-80 ms
    // a claim at 40,000 pending (auto_explain, `npm run bench -- --newsletter`).
    const due = dueNow(this.db).limit(limit);
    const claimed = await this.db
      .updateTable('newsletter_deliveries')
      .set({ locked_until: lockedUntil, attempts: sql`attempts + 1` })
      .where(
        sql<SqlBool>`(post_id, subscription_id) in ${this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due}`,
      )
      .where(stateByKey, '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['post_id', 'subscription_id', 'attempts'])
      .execute();
    if (claimed.length === 0) return [];
    // Read back by key, a post at a time (its deliveries' primary key), in one statement per post.
    const facts = [];
    for (const [postId, subscriptionIds] of byPost(
      claimed.map((row) => ({ postId: row.post_id, subscriptionId: row.subscription_id })),
    )) {
      facts.push(
        ...(await this.db
          .selectFrom('newsletter_deliveries as d')
          .innerJoin('newsletter_subscriptions as s', 's.id', 'd.subscription_id')
          .innerJoin('posts as p', 'p.id', 'd.post_id')
          .innerJoin('newsletter_sends as n', 'n.post_id', 'd.post_id')
          .select([
            'n.publication_id',
            'd.post_id',
            'd.subscription_id',
            'd.attempts',
            's.email',
            's.status',
            'p.published_at',
            'p.hidden_at',
          ])
          .where('d.post_id', '=', postId)
          .where('d.subscription_id', 'in', subscriptionIds)
          .where('d.locked_until', '=', lockedUntil)
          .execute()),
      );
    }
    return facts.map((row) => ({
      postId: row.post_id,
      subscriptionId: row.subscription_id,
      attempts: Number(row.attempts),
      lockedUntil,
      listId: row.publication_id,
      email: row.email,
      subscriptionStatus: row.status,
      publishedAt: row.published_at,
      hiddenAt: row.hidden_at,
    }));
  }

  /**
   * The last step before SMTP for a chunk of one claim, in one statement a post: the deliveries it
   * marked `sending`, which alone may be sent (the others' lease was lost).
   */
  async markSendingMany<T extends ClaimedDelivery>(deliveries: readonly T[]): Promise<T[]> {
    const marked = new Set<string>();
    for (const group of claimGroups(deliveries)) {
      const rows = await this.keyedMany(
        this.db.updateTable('newsletter_deliveries').set({ state: 'sending' }),
        group,
        'pending',
      )
        .returning(['post_id', 'subscription_id'])
        .execute();
      for (const row of rows) marked.add(`${row.post_id} ${row.subscription_id}`);
    }
    return deliveries.filter((delivery) => marked.has(`${delivery.postId} ${delivery.subscriptionId}`));
  }

  /** Sent: the chunk's deliveries that went, in one statement a post. */
  async sentMany(deliveries: readonly ClaimedDelivery[], now: string): Promise<void> {
    for (const group of claimGroups(deliveries)) {
      await this.keyedMany(
        this.db.updateTable('newsletter_deliveries').set({ state: 'sent', sent_at: now, locked_until: null }),
        group,
        'sending',
      ).execute();
    }
  }

  /** Ends deliveries of a claim without sending them (the address left, the post is no longer public), in one statement a post. */
  async finishMany(deliveries: readonly ClaimedDelivery[], state: 'skipped' | 'cancelled'): Promise<void> {
    for (const group of claimGroups(deliveries)) {
      await this.keyedMany(
        this.db.updateTable('newsletter_deliveries').set({ state, locked_until: null, last_error: null }),
        group,
        'pending',
      ).execute();
    }
  }

  /** Gives back the leases of deliveries not begun, without counting the attempt (shutting down), in one statement a post. */
  async releaseMany(deliveries: readonly ClaimedDelivery[]): Promise<void> {
    for (const group of claimGroups(deliveries)) {
      await this.keyedMany(
        this.db.updateTable('newsletter_deliveries').set({ locked_until: null, attempts: sql`attempts - 1` }),
        group,
        'pending',
      ).execute();
    }
  }

  /** A temporary failure (or a send not started): pending again at `nextAttemptAt`. */
  async retryAt(delivery: ClaimedDelivery, nextAttemptAt: string, error: string): Promise<void> {
    await this.keyed(
      this.db.updateTable('newsletter_deliveries').set({
        state: 'pending',
        locked_until: null,
        next_attempt_at: nextAttemptAt,
        last_error: error.slice(0, 500),
      }),
      delivery,
      ['sending', 'pending'],
    ).execute();
  }

  /** Ends a delivery without sending (or after a permanent failure). */
  async finish(
    delivery: ClaimedDelivery,
    state: 'failed' | 'skipped' | 'cancelled',
    error: string | null,
  ): Promise<void> {
    await this.keyed(
      this.db.updateTable('newsletter_deliveries').set({
        state,
        locked_until: null,
        last_error: error === null ? null : error.slice(0, 500),
      }),
      delivery,
      ['sending', 'pending'],
    ).execute();
  }

  /** 5xx at RCPT: the delivery and the subscription are bounced; nothing more goes to it. */
  async bounced(delivery: ClaimedDelivery, error: string, now: string): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await this.keyed(
        trx
          .updateTable('newsletter_deliveries')
          .set({ state: 'bounced', locked_until: null, last_error: error.slice(0, 500) }),
        delivery,
        'sending',
      ).execute();
      await trx
        .updateTable('newsletter_subscriptions')
        .set({ status: 'bounced', updated_at: now })
        .where('id', '=', delivery.subscriptionId)
        .where('status', '=', 'active')
        .execute();
    });
  }

  private keyedMany(query: DeliveryUpdate, group: ClaimGroup, state: DeliveryState): DeliveryUpdate {
    return query
      .where('post_id', '=', group.postId)
      .where('subscription_id', 'in', group.subscriptionIds)
      .where('locked_until', '=', group.lockedUntil)
      .where(stateByKey, '=', state);
  }

  private keyed(
    query: DeliveryUpdate,
    delivery: ClaimedDelivery,
    state: DeliveryState | DeliveryState[],
  ): DeliveryUpdate {
    return query
      .where('post_id', '=', delivery.postId)
      .where('subscription_id', '=', delivery.subscriptionId)
      .where('locked_until', '=', delivery.lockedUntil)
      .where('state', 'in', Array.isArray(state) ? state : [state]);
  }
}

/** Subscriptions a statement names at most (well under SQLite's 32,766 bound values). */
const KEYS_PER_STATEMENT = 1_000;

/** Subscription ids by post, in the order first seen, at most KEYS_PER_STATEMENT a group. */
function byPost(keys: readonly { postId: string; subscriptionId: string }[]): [string, string[]][] {
  const groups: [string, string[]][] = [];
  const open = new Map<string, string[]>();
  for (const { postId, subscriptionId } of keys) {
    let ids = open.get(postId);
    if (!ids || ids.length >= KEYS_PER_STATEMENT) {
      ids = [];
      open.set(postId, ids);
      groups.push([postId, ids]);
    }
    ids.push(subscriptionId);
  }
  return groups;
}

/** Deliveries of one post under one lease: what one batched statement changes. */
interface ClaimGroup {
  postId: string;
  lockedUntil: string;
  subscriptionIds: string[];
}

function claimGroups(deliveries: readonly ClaimedDelivery[]): ClaimGroup[] {
  const groups: ClaimGroup[] = [];
  for (const lockedUntil of new Set(deliveries.map((delivery) => delivery.lockedUntil))) {
    const leased = deliveries.filter((delivery) => delivery.lockedUntil === lockedUntil);
    for (const [postId, subscriptionIds] of byPost(leased))
      groups.push({ postId, lockedUntil, subscriptionIds });
  }
  return groups;
}

/** The copy lost its lease to another worker: this transaction must not commit. */
export class LeaseLost extends Error {
  constructor() {
    super('the send was taken over by another worker');
  }
}

/**
 * A send not yet begun goes (a later publication decides anew); one under way is cancelled and
 * its deliveries not yet begun with it. A delivery in the middle of its SMTP transaction finishes.
 */
async function cancelIn(trx: Transaction<DatabaseSchema>, postId: string, now: string): Promise<void> {
  const started = await trx
    .selectFrom('newsletter_deliveries')
    .select('post_id')
    .where('post_id', '=', postId)
    .limit(1)
    .executeTakeFirst();
  if (!started) {
    await trx
      .deleteFrom('newsletter_sends')
      .where('post_id', '=', postId)
      .where('state', '=', 'waiting')
      .execute();
  }
  await trx
    .updateTable('newsletter_sends')
    .set({ state: 'cancelled', locked_until: null, updated_at: now })
    .where('post_id', '=', postId)
    .where('state', 'in', ['waiting', 'copying', 'queued'])
    .execute();
  await trx
    .updateTable('newsletter_deliveries')
    .set({ state: 'cancelled', locked_until: null })
    .where('post_id', '=', postId)
    .where('state', '=', 'pending')
    .execute();
}

/** What an email of a post is made from. */
export interface PostForEmail {
  postId: string;
  listId: string;
  title: string;
  content: string;
  updatedAt: string;
  /** Every author's name in one phrase: "Ada", "Ada and Bo" (decision 85). */
  authorName: string;
  listName: string;
  settings: NewsletterSettings;
}

/** A list's newsletter settings; null: the default. */
export interface NewsletterSettings {
  newsletterName: string | null;
  senderName: string | null;
  replyTo: string | null;
  footer: string | null;
}

/** The post and list facts of an email; undefined when the post is gone. */
export async function readPostForEmail(
  db: Kysely<DatabaseSchema>,
  postId: string,
  listId: string,
): Promise<PostForEmail | undefined> {
  const row = await db
    .selectFrom('posts as p')
    .innerJoin('users as u', 'u.id', 'p.author_id')
    .innerJoin('publications as l', (join) => join.on('l.id', '=', listId))
    .leftJoin('newsletter_settings as n', 'n.publication_id', 'l.id')
    .select([
      'p.title',
      'p.content',
      'p.updated_at',
      'u.username',
      'l.name as list_name',
      'n.newsletter_name',
      'n.sender_name',
      'n.reply_to',
      'n.footer',
    ])
    .where('p.id', '=', postId)
    .executeTakeFirst();
  // Its co-authors (decision 85) share the byline, in its order.
  const coAuthors = row
    ? await db
        .selectFrom('post_authors as a')
        .innerJoin('users as c', 'c.id', 'a.user_id')
        .select('c.username')
        .where('a.post_id', '=', postId)
        .where('a.state', '=', 'accepted')
        .where('c.suspended_at', 'is', null)
        .orderBy('a.accepted_at')
        .orderBy('a.user_id')
        .execute()
    : [];
  return (
    row && {
      postId,
      listId,
      title: row.title,
      content: row.content,
      updatedAt: row.updated_at,
      authorName: authorNames([row, ...coAuthors]),
      listName: row.list_name,
      settings: {
        newsletterName: row.newsletter_name,
        senderName: row.sender_name,
        replyTo: row.reply_to,
        footer: row.footer,
      },
    }
  );
}
