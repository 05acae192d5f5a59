import type { HealthRepository } from './health-repository';

/**
 * One thing the instance needs before it may take traffic. `run` resolves when it is fine and
 * rejects when not: with a NotReady, whose message is shown to whoever asks /readyz; with any
 * other error, which is logged and shown only as "did not answer" (a driver's message may name
 * hosts, ports or users).
 */
export interface ReadinessCheck {
  name: string;
  run(): Promise<void>;
}

/** A reason for not being ready that is safe to publish. */
export class NotReady extends Error {
  override readonly name = 'NotReady';
}

export interface CheckOutcome {
  name: string;
  ok: boolean;
  ms: number;
  /** Why not, when not ok. */
  reason?: string;
  /** The error behind the reason, for the log. */
  error?: unknown;
}

/** A check that has not answered within this is failing: a probe must not hang with it. */
export const CHECK_TIMEOUT_MS = 2_000;

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new NotReady(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Runs every check at once; each outcome says how long it took and, if failing, why. */
export async function runReadinessChecks(
  checks: readonly ReadinessCheck[],
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckOutcome[]> {
  return Promise.all(
    checks.map(async (check): Promise<CheckOutcome> => {
      const started = performance.now();
      const ms = () => Math.round((performance.now() - started) * 10) / 10;
      try {
        await withTimeout(check.run(), timeoutMs);
        return { name: check.name, ok: true, ms: ms() };
      } catch (error) {
        const reason = error instanceof NotReady ? error.message : 'did not answer';
        return { name: check.name, ok: false, ms: ms(), reason, error };
      }
    }),
  );
}

/**
 * What the database must do for the instance to be ready: answer, and hold every migration this
 * version knows. With REDIS_URL, app.ts adds a check that Redis answers.
 */
export function databaseReadinessChecks(
  repository: HealthRepository,
  knownMigrations: readonly string[],
): ReadinessCheck[] {
  return [
    { name: 'database', run: () => repository.ping() },
    {
      name: 'migrations',
      run: async () => {
        let names: string[];
        try {
          names = await repository.appliedMigrationNames();
        } catch (error) {
          throw new NotReady('the applied migrations could not be read', { cause: error });
        }
        const applied = new Set(names);
        const pending = knownMigrations.filter((name) => !applied.has(name));
        if (pending.length > 0) {
          throw new NotReady(`${pending.length} pending: ${pending.join(', ')}`);
        }
      },
    },
  ];
}
