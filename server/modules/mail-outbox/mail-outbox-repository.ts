import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database';
import type { DatabaseSchema } from '../../db/schema';
import type { MailMessage } from '../../lib/mail';

export interface ClaimedMail extends MailMessage {
  id: string;
  attempts: number;
  lockedUntil: string;
}

/** The only place that reads and writes the mail outbox (see the migration for why rows go). */
export class MailOutboxRepository {
  constructor(
    private readonly db: Kysely<DatabaseSchema>,
    private readonly dialect: DialectName,
  ) {}

  async add(id: string, message: MailMessage, now: string): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        id,
        to_address: message.to,
        subject: message.subject,
        body: message.text,
        state: 'pending',
        next_attempt_at: now,
        created_at: now,
      })
      .execute();
  }

  /**
   * Leases up to `limit` due messages in one statement, counting the attempt; like the webhook
   * queue's claim (a re-checked WHERE, SKIP LOCKED on PostgreSQL), so each is sent by one instance.
   */
  async claimDue(now: string, lockedUntil: string, limit: number): Promise<ClaimedMail[]> {
    const dueNow = (qb: Kysely<DatabaseSchema>) =>
      qb
        .selectFrom('mail_outbox')
        .select('id')
        .where('state', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]));
    // Most polls find nothing: a plain read answers them without taking SQLite's write lock.
    if (!(await dueNow(this.db).limit(1).executeTakeFirst())) return [];
    const due = dueNow(this.db).orderBy('next_attempt_at').limit(limit);
    const rows = await this.db
      .updateTable('mail_outbox')
      .set({ locked_until: lockedUntil, attempts: sql`attempts + 1` })
      .where('id', 'in', this.dialect === 'postgres' ? due.forUpdate().skipLocked() : due)
      .where('state', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning(['id', 'to_address', 'subject', 'body', 'attempts'])
      .execute();
    return rows.map((row) => ({
      id: row.id,
      to: row.to_address,
      subject: row.subject,
      text: row.body,
      attempts: Number(row.attempts),
      lockedUntil,
    }));
  }

  /** Sent: the row (and the link in it) goes, if this worker still holds the lease. */
  async sent(claim: ClaimedMail): Promise<void> {
    await this.db
      .deleteFrom('mail_outbox')
      .where('id', '=', claim.id)
      .where('locked_until', '=', claim.lockedUntil)
      .execute();
  }

  async retryAt(claim: ClaimedMail, nextAttemptAt: string, error: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ locked_until: null, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) })
      .where('id', '=', claim.id)
      .where('locked_until', '=', claim.lockedUntil)
      .execute();
  }

  /** Failed for good: kept for the operator to see (who, what, why), without its text. */
  async failed(claim: ClaimedMail, error: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ state: 'failed', body: '', locked_until: null, last_error: error.slice(0, 500) })
      .where('id', '=', claim.id)
      .where('locked_until', '=', claim.lockedUntil)
      .execute();
  }

  /** Gives back a lease without counting the attempt (the server is shutting down mid-send). */
  async release(claim: ClaimedMail): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ locked_until: null, attempts: sql`attempts - 1` })
      .where('id', '=', claim.id)
      .where('locked_until', '=', claim.lockedUntil)
      .execute();
  }
}

/**
 * A deleted account's mail not yet sent, or given up on: addressed to its address or to the one an
 * email change was about to confirm. It would keep the address (and a reset link) in the database
 * after the account is gone. A message a worker is sending at this moment still leaves; its link
 * no longer works, since the account's links go in the same transaction.
 */
export async function removeMailOf(trx: Transaction<DatabaseSchema>, userId: string): Promise<void> {
  const user = await trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  const changes = await trx
    .selectFrom('account_tokens')
    .select('new_email')
    .where('user_id', '=', userId)
    .where('new_email', 'is not', null)
    .execute();
  const addresses = [user?.email, ...changes.map((change) => change.new_email)];
  const lowered = addresses.flatMap((address) => (address ? [address.toLowerCase()] : []));
  if (lowered.length === 0) return;
  await trx
    .deleteFrom('mail_outbox')
    .where(sql`lower(to_address)`, 'in', lowered)
    .execute();
}
