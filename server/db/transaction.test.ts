import type { Kysely, Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors';
import { DATABASE_BUSY_MESSAGE, inTransaction, TRANSACTION_ATTEMPTS } from './transaction';

/** A database whose transactions run `work` at once, counting how often they are opened. */
function fakeDatabase() {
  const opened = { count: 0 };
  const db = {
    transaction: () => ({
      execute: <T>(work: (trx: Transaction<unknown>) => Promise<T>) => {
        opened.count += 1;
        return work({} as Transaction<unknown>);
      },
    }),
  } as unknown as Kysely<unknown>;
  return { db, opened };
}

const pgError = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

describe('inTransaction', () => {
  it('runs the work again after a deadlock or a serialization failure, and answers what it returned', async () => {
    const { db, opened } = fakeDatabase();
    const failures = [pgError('40P01'), pgError('40001')];
    const answer = await inTransaction(db, async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return 'done';
    });
    expect(answer).toBe('done');
    expect(opened.count).toBe(3);
  });

  it('answers 503 with Retry-After, not a 500, once every attempt lost its race', async () => {
    const { db, opened } = fakeDatabase();
    const outcome = inTransaction(db, async () => {
      throw pgError('40P01');
    });
    await expect(outcome).rejects.toBeInstanceOf(HttpError);
    await expect(outcome).rejects.toMatchObject({
      statusCode: 503,
      message: DATABASE_BUSY_MESSAGE,
      retryAfterSeconds: 1,
    });
    expect(opened.count).toBe(TRANSACTION_ATTEMPTS);
  });

  it('never runs again after any other failure: a rule broken stays broken', async () => {
    const { db, opened } = fakeDatabase();
    const unique = pgError('23505');
    await expect(
      inTransaction(db, async () => {
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(opened.count).toBe(1);
  });
});
