import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows max hits per window, then refuses until the window resets', () => {
    let now = 0;
    const limiter = new RateLimiter({ max: 2, windowMs: 1000 }, () => now);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.hit('a')).toBe(true);
    expect(limiter.isExhausted('a')).toBe(true);
    expect(limiter.hit('a')).toBe(false);
    expect(limiter.isExhausted('b')).toBe(false);
    expect(limiter.retryAfterSeconds('a')).toBe(1);
    now = 1000;
    expect(limiter.isExhausted('a')).toBe(false);
    expect(limiter.hit('a')).toBe(true);
  });
  it('forgets a key on reset', () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 }, () => 0);
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.isExhausted('a')).toBe(false);
  });
});
