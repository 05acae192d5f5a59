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
  /**
   * Something the instance serves without, only less well (Redis: rate limits fall back to each
   * instance's memory, caches to their own TTL). Its failure is reported as degraded and never
   * fails readiness: every instance shares it, so failing on it would take every instance out of
   * the balancer at once, for an outage they all ride out.
   */
  optional?: boolean;
}

/** A reason for not being ready that is safe to publish. */
export class NotReady extends Error {
  override readonly name = 'NotReady';
}

export interface CheckOutcome {
  name: string;
  ok: boolean;
  /** The check's `optional`: a failure degrades the instance without making it unready. */
  optional: boolean;
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
      const optional = check.optional ?? false;
      const started = performance.now();
      const ms = () => Math.round((performance.now() - started) * 10) / 10;
      try {
        await withTimeout(check.run(), timeoutMs);
        return { name: check.name, ok: true, optional, ms: ms() };
      } catch (error) {
        const reason = error instanceof NotReady ? error.message : 'did not answer';
        return { name: check.name, ok: false, optional, ms: ms(), reason, error };
      }
    }),
  );
}

/**
 * What the database must do for the instance to be ready: answer, and hold every migration this
 * version knows. With REDIS_URL, app.ts adds an optional check that Redis answers.
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
