import argon2 from 'argon2';
import PQueue from 'p-queue';
import { serviceUnavailable } from './http-errors';

/**
 * OWASP's recommended argon2id parameters (19 MiB, 2 passes, 1 lane). node-argon2 hashes on
 * libuv's thread pool, so a sign-in never blocks the event loop.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHashingLimits {
  /** argon2 operations running at once. */
  concurrency: number;
  /** Operations allowed to wait for a turn; beyond that the request is answered 503 at once. */
  maxWaiting: number;
}

export const PASSWORDS_BUSY_MESSAGE = 'The server is busy checking passwords. Please try again in a moment.';

/** Sign-ins run before sign-ups and password changes: a person waiting at the door comes first. */
const VERIFY_PRIORITY = 1;
const HASH_PRIORITY = 0;

let decoyHash: Promise<string> | undefined;

/**
 * Every argon2 hash and verification goes through one bounded queue. Each costs ~50 ms of CPU and
 * 19 MiB, and runs on libuv's thread pool, which also serves file reads: unbounded, a flood of
 * sign-ups or password changes would occupy every thread and core and starve all other requests.
 * Here at most `concurrency` run at once; a few more may wait; anything past that is refused with
 * 503 and Retry-After instead of queueing without end. Verifications (sign-ins) jump ahead of
 * hashes and have their own allowance of waiting places, so a flood of hashes cannot lock people
 * out.
 */
export class PasswordHasher {
  private readonly queue: PQueue;
  private rejected = 0;

  constructor(private readonly limits: PasswordHashingLimits) {
    this.queue = new PQueue({ concurrency: limits.concurrency });
  }

  /** Operations running and waiting now, and how many were refused since the start (metrics). */
  get load(): { running: number; waiting: number; rejected: number } {
    return { running: this.queue.pending, waiting: this.queue.size, rejected: this.rejected };
  }

  hash(password: string): Promise<string> {
    return this.run(HASH_PRIORITY, () => argon2.hash(password, OPTIONS));
  }

  /**
   * Verifies password against hash. With no hash (unknown email, or an account that cannot sign
   * in) it still verifies against a decoy, so both answers take about the same time.
   */
  verify(hash: string | null, password: string): Promise<boolean> {
    return this.verifyAt(VERIFY_PRIORITY, hash, password);
  }

  /**
   * Verifies a signed-in account's current password before a change (password, email, deletion).
   * It waits with the hashes, being part of a change, so a flood of changes never takes the
   * waiting places kept for sign-ins.
   */
  verifyCurrent(hash: string | null, password: string): Promise<boolean> {
    return this.verifyAt(HASH_PRIORITY, hash, password);
  }

  private verifyAt(priority: number, hash: string | null, password: string): Promise<boolean> {
    return this.run(priority, async () => {
      if (hash === null) {
        decoyHash ??= argon2.hash('decoy password that matches nothing', OPTIONS);
        await argon2.verify(await decoyHash, password).catch(() => false);
        return false;
      }
      return argon2.verify(hash, password).catch(() => false);
    });
  }

  private run<T>(priority: number, work: () => Promise<T>): Promise<T> {
    // Hashes count every waiting job (sign-ins included, since those run first); sign-ins count
    // only other sign-ins, which is what they would actually wait behind.
    const waiting = priority === VERIFY_PRIORITY ? this.queue.sizeBy({ priority }) : this.queue.size;
    if (waiting >= this.limits.maxWaiting) {
      this.rejected += 1;
      return Promise.reject(serviceUnavailable(PASSWORDS_BUSY_MESSAGE, 1));
    }
    return this.queue.add(work, { priority });
  }
}
