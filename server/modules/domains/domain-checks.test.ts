import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../lib/scheduler';
import { DomainChecks, jittered } from './domain-checks';
import type { DomainRecheckOptions, DomainRecheckSummary } from './domains-service';

const MINUTE = 60_000;
const quiet: DomainRecheckSummary = { due: 0, checked: 0, changed: [], errors: [] };

function setUp(answers: (() => Promise<DomainRecheckSummary>)[], intervalMs = 60 * MINUTE) {
  const calls: { now: Date; options: DomainRecheckOptions }[] = [];
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const publications = {
    recheckDueDomains: (now: Date, options: DomainRecheckOptions) => {
      calls.push({ now, options });
      return (answers.shift() ?? (() => Promise.resolve(quiet)))();
    },
  };
  // random() = 0.5: no jitter, so the waits are exact.
  const checks = new DomainChecks(
    publications,
    { intervalMs, batchSize: 50, concurrency: 10 },
    log,
    () => 0.5,
  );
  const scheduler = new Scheduler(log);
  scheduler.add(checks);
  return { scheduler, calls, log };
}

describe('DomainChecks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('jitters a wait by a tenth either way', () => {
    expect(jittered(1000, () => 0)).toBe(900);
    expect(jittered(1000, () => 0.5)).toBe(1000);
    expect(jittered(1000, () => 0.999_999)).toBe(1100);
  });

  it('first looks a tick after start, then every five minutes, with the interval and a batch bound', async () => {
    const { scheduler, calls } = setUp([]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.options).toMatchObject({ intervalMs: 60 * MINUTE, limit: 50, concurrency: 10 });
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(calls).toHaveLength(2);
    await scheduler.stop();
  });

  it('ticks every interval when the interval is shorter than five minutes', async () => {
    const { scheduler, calls } = setUp([], 2 * MINUTE);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(6 * MINUTE);
    expect(calls).toHaveLength(3);
    await scheduler.stop();
  });

  it('logs a failed tick and ticks again; follows a full batch soon', async () => {
    const full: DomainRecheckSummary = { ...quiet, due: 50, checked: 50 };
    const { scheduler, calls, log } = setUp([
      () => Promise.reject(new Error('database away')),
      () => Promise.resolve(full),
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) as Error }),
      'custom domains could not be re-checked',
    );
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(calls).toHaveLength(2);
    // The full batch is followed after seconds, not minutes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    await scheduler.stop();
  });

  it('stops ticking on stop, and aborts a tick in flight', async () => {
    let release: (() => void) | undefined;
    const { scheduler, calls } = setUp([
      () =>
        new Promise((resolve) => {
          release = () => resolve(quiet);
        }),
    ]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(calls).toHaveLength(1);
    const stopped = scheduler.stop();
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    release?.();
    await stopped;
    await vi.advanceTimersByTimeAsync(60 * MINUTE);
    expect(calls).toHaveLength(1);
  });
});
