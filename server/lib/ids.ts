import { V7Generator } from 'uuidv7';

/**
 * UUIDv7 (RFC 9562): 48-bit millisecond timestamp, then a counter and randomness. Ids sort by
 * creation time, so "newest first" is an index scan on the primary key. Within one millisecond the
 * generator's 42-bit counter keeps ids from one process strictly increasing.
 *
 * One generator for the process, given the time explicitly: callers that pass a time (the demo
 * seed, API keys, bulk test data) get an id with exactly that timestamp, and a rollback allowance
 * of zero means a time earlier than the previous one starts afresh at that time instead of
 * borrowing the previous timestamp (docs/decisions/0003-uuidv7-and-keyset-pages.md).
 */
const generator = new V7Generator();
generator.setRollbackAllowance(0);

export function uuidv7(nowMs: number = Date.now()): string {
  return generator.generateOrResetWithTs(nowMs).toString();
}
