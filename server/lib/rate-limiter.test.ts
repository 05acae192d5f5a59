import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

describe('RateLimiter (in memory)', () => {
  it('allows max hits per window, then refuses with the seconds left in the window', async () => {
    const limiter = RateLimiter.create('test', { max: 2, windowMs: 60_000 });
    expect(await limiter.hit('a')).toEqual({ allowed: true });
    expect(await limiter.hit('a')).toEqual({ allowed: true });
    const refused = await limiter.hit('a');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(await limiter.hit('b')).toEqual({ allowed: true });
  });

  it('counts hits arriving at once before letting any through', async () => {
    const limiter = RateLimiter.create('test', { max: 5, windowMs: 60_000 });
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('a')));
    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(5);
  });

  it('forgets a key on reset', async () => {
    const limiter = RateLimiter.create('test', { max: 1, windowMs: 60_000 });
    await limiter.hit('a');
    expect((await limiter.hit('a')).allowed).toBe(false);
    await limiter.reset('a');
    expect(await limiter.hit('a')).toEqual({ allowed: true });
  });
});
