import type { Kysely, Transaction } from 'kysely';
import { serviceUnavailable } from '../lib/http-errors';
import type { UnitOfWork } from '../lib/unit-of-work';
import { codeOf } from './errors';

/** How many times a transaction runs before its conflict is answered 503: the first try and three more. */
export const TRANSACTION_ATTEMPTS = 4;

export const DATABASE_BUSY_MESSAGE = 'The database was busy with the same rows: please try again.';

/**
 * PostgreSQL's answers that mean "this transaction lost a race, not a rule": a deadlock (40P01),
 * broken by aborting one side, and a serialization failure (40001). Running it again from the start
 * is what PostgreSQL's manual prescribes for both (§13.6, §13.2.3). SQLite has neither: its writers
 * take one lock, in turn.
 */
export function isTransientConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40P01' || code === '40001';
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The unit of work services open (decision 50): `work` runs in one transaction, and runs again from
 * the start, at most TRANSACTION_ATTEMPTS times in all, when PostgreSQL aborts it for a deadlock or
 * a serialization failure. Writers keep one lock order (an account before its posts) so that such
 * races are rare; this is the net for the ones no order foresaw, so that both sides get done
 * instead of one answering a 500. `work` must therefore touch nothing outside the transaction that
 * a second run would do twice. Past the last attempt, the client is told to try again (503), not
 * that the server failed.
 */
export async function inTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isTransientConflict(error)) throw error;
      if (attempt >= TRANSACTION_ATTEMPTS) throw serviceUnavailable(DATABASE_BUSY_MESSAGE, 1);
      // A short random wait, longer each time, so the two sides do not meet again in step.
      await pause(Math.random() * 20 * attempt);
    }
  }
}

/**
 * A service's way to its storage (lib/unit-of-work.ts): `bind` makes its repositories on a
 * connection, once outside any transaction and again inside each `run`.
 */
export function unitOfWork<DB, Repositories>(
  db: Kysely<DB>,
  bind: (db: Kysely<DB>) => Repositories,
): UnitOfWork<Repositories> {
  return {
    repositories: bind(db),
    run: (work) => inTransaction(db, (trx) => work(bind(trx))),
  };
}
