import type { RateLimitRule } from '../config';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in this process's memory. Enough for one instance; several
 * instances behind a balancer each count on their own (see README, "Scaling").
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private sweepAt = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one event for key; true while the key is still within its allowance. */
  hit(key: string): boolean {
    const window = this.current(key);
    window.count += 1;
    return window.count <= this.rule.max;
  }

  /** True once key has used up its allowance in the current window. */
  isExhausted(key: string): boolean {
    return this.current(key).count >= this.rule.max;
  }

  /** Seconds until key's window resets, for Retry-After. */
  retryAfterSeconds(key: string): number {
    return Math.max(1, Math.ceil((this.current(key).resetAt - this.now()) / 1000));
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): Window {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.rule.windowMs };
      this.windows.set(key, window);
    }
    return window;
  }

  /** Drops expired windows now and then, so memory stays bounded by recent traffic. */
  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + this.rule.windowMs;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}
