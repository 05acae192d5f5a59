import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './http-errors';
import type { RedisConnection } from './redis';

/** A fixed window: `max` events per `windowMs`. */
export interface RateLimitRule {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export type RateLimitOutcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters from rate-limiter-flexible (docs/decisions/0029-shared-rate-limits.md):
 * in this process's memory, or in Redis when REDIS_URL is set so every instance counts into the
 * same window. Counting is atomic in both (a Lua script on Redis), so events arriving at once
 * are each counted before any is let through.
 */
export class RateLimiter {
  private constructor(private readonly limiter: RateLimiterAbstract) {}

  /**
   * A limiter for one rule. `name` keeps the rule's counters apart from the others' in a shared
   * store. With Redis, a memory limiter insures it: while Redis is unreachable each instance
   * counts on its own rather than letting everything through or refusing everyone.
   */
  static create(name: string, rule: RateLimitRule, redis?: RedisConnection): RateLimiter {
    const options = {
      keyPrefix: name,
      points: rule.max,
      // The library counts windows in whole seconds (Redis EXPIRE).
      duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
    };
    if (!redis) return new RateLimiter(new RateLimiterMemory(options));
    return new RateLimiter(
      new RateLimiterRedis({
        ...options,
        keyPrefix: `${redis.keyPrefix}rate:${name}`,
        storeClient: redis.client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      }),
    );
  }

  /** Counts one event for key; past the allowance, how long until the window ends. */
  async hit(key: string): Promise<RateLimitOutcome> {
    try {
      await this.limiter.consume(key);
      return { allowed: true };
    } catch (rejection) {
      // The library rejects with a RateLimiterRes when the allowance is used up, and with an
      // Error only when its store failed (and the insurance did too).
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }

  /** Counts one event for key, or refuses it with a 429 saying `message` and when to try again. */
  async spend(key: string, message: string): Promise<void> {
    const outcome = await this.hit(key);
    if (!outcome.allowed) throw tooManyRequests(message, outcome.retryAfterSeconds);
  }

  /** Forgets key's count (a successful sign-in clears its failures). */
  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

/** What a service is handed to make the limiters of the rules it enforces, named in `Name`. */
export interface RateLimiters<Name extends string = string> {
  /**
   * The limiter of rule `name`. `counter` keeps several counts under one rule apart (an email
   * address's and a client address's, say); each has its own window.
   */
  limiter(name: Name, counter?: string): RateLimiter;
}

/**
 * Every rate limiter of the app, made from one table of rules: counted in memory, or in Redis
 * when it is configured, so every instance counts into the same windows.
 */
export class RateLimiterFactory<Name extends string> implements RateLimiters<Name> {
  constructor(
    private readonly rules: Record<Name, RateLimitRule>,
    private readonly redis?: RedisConnection,
  ) {}

  limiter(name: Name, counter?: string): RateLimiter {
    return RateLimiter.create(counter ? `${name}:${counter}` : name, this.rules[name], this.redis);
  }
}
