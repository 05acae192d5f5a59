import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler, type JobRound, type PeriodicJob } from './scheduler';

const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

/** A job that records when it ran and waits `every` between rounds; `hold` keeps a round open. */
function job(name: string, every: number, first = every) {
  const rounds: number[] = [];
  let hold: Promise<void> | undefined;
  const seen: AbortSignal[] = [];
  const periodic: PeriodicJob = {
    name,
    firstDelayMs: () => first,
    async run({ signal }: JobRound) {
      rounds.push(Date.now());
      seen.push(signal);
      await hold;
      return every;
    },
  };
  return {
    periodic,
    rounds,
    seen,
    holdNext(): () => void {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('Scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs nothing before start, then each job after its first wait and every wait it returns', async () => {
    const scheduler = new Scheduler(log);
    const a = job('a', 1_000, 0);
    const b = job('b', 5_000);
    scheduler.add(a.periodic);
    scheduler.add(b.periodic);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.rounds).toEqual([]);
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(a.rounds).toEqual([
      10_000, 11_000, 12_000, 13_000, 14_000, 15_000, 16_000, 17_000, 18_000, 19_000, 20_000,
    ]);
    expect(b.rounds).toEqual([15_000, 20_000]);
    await scheduler.stop();
  });

  it('runs a woken job at once, or right after the round under way', async () => {
    const scheduler = new Scheduler(log);
    const a = job('a', 60_000);
    const scheduled = scheduler.add(a.periodic);
    // Woken before start: the first round does not wait.
    scheduled.wake();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.rounds).toEqual([0]);
    const release = a.holdNext();
    scheduled.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.rounds).toEqual([0, 0]);
    scheduled.wake();
    await vi.advanceTimersByTimeAsync(1_000);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(a.rounds).toEqual([0, 0, 1_000]);
    await scheduler.stop();
  });

  it('logs a round that throws and runs the job again', async () => {
    const scheduler = new Scheduler(log);
    let calls = 0;
    scheduler.add({
      name: 'flaky',
      firstDelayMs: () => 100,
      run: () => {
        calls += 1;
        return Promise.reject(new Error('away'));
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(250);
    expect(calls).toBe(2);
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) as Error }, 'flaky failed');
    await scheduler.stop();
  });

  it('stops every job at once: rounds under way are aborted and waited for, and no timer is left', async () => {
    const scheduler = new Scheduler(log);
    const a = job('a', 1_000, 0);
    const b = job('b', 30_000);
    const c = job('c', 5_000);
    for (const each of [a, b, c]) scheduler.add(each.periodic);
    scheduler.start();
    const release = a.holdNext();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(2);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    expect(a.seen[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(vi.getTimerCount()).toBe(0);
    expect(scheduler.active()).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(a.rounds).toHaveLength(1);
    expect(b.rounds).toEqual([]);
    expect(c.rounds).toEqual([]);
  });
});
