import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RedisConnection } from './redis';
import type { ResponseCache } from './response-cache';

/**
 * Empties every instance's response cache when any instance writes
 * (docs/decisions/0030-cache-invalidation-across-instances.md). Each local invalidation is
 * published on a Redis channel; every other instance, subscribed to it, empties its own cache on
 * receipt, a millisecond or two later. A message carries its sender's id so no instance empties
 * its cache twice for its own write.
 *
 * Pub/sub delivers only to instances connected at that moment: one whose subscription dropped
 * may keep answers up to the cache's TTL, the same as without Redis. So the subscriber empties
 * its cache when it (re)subscribes, and the TTL stays the bound for anything missed.
 */
/** How long start-up waits for the subscription before going on without it. */
const SUBSCRIBE_WAIT_MS = 2_000;

export class CacheInvalidationBus {
  private readonly instanceId = randomUUID();
  private readonly channel: string;

  private constructor(
    private readonly redis: RedisConnection,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `${redis.keyPrefix}response-cache:invalidate`;
  }

  /**
   * Subscribes `cache` to other instances' writes and publishes its own. Resolves once subscribed,
   * or after SUBSCRIBE_WAIT_MS if Redis does not answer: an instance starts without Redis (and
   * /readyz says so) rather than not at all, and the subscription follows when Redis is back.
   */
  static async connect(
    redis: RedisConnection,
    cache: ResponseCache,
    log: FastifyBaseLogger,
  ): Promise<CacheInvalidationBus> {
    const bus = new CacheInvalidationBus(redis, log);
    const subscriber = redis.subscriber();
    subscriber.on('message', (channel: string, sender: string) => {
      if (channel === bus.channel && sender !== bus.instanceId) cache.invalidate('peer');
    });
    // ioredis subscribes again after a reconnection; writes made meanwhile were not heard.
    subscriber.on('ready', () => cache.invalidate('peer'));
    cache.onLocalInvalidation(() => bus.publish());
    const subscribed = subscriber.subscribe(bus.channel).then(
      () => true,
      (error: unknown) => {
        log.error({ err: error }, "could not subscribe to other instances' response-cache invalidations");
        return false;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS);
    });
    if (!(await Promise.race([subscribed, waited]))) {
      log.warn(
        "Redis did not answer: starting without other instances' response-cache invalidations for now",
      );
    }
    clearTimeout(timer);
    return bus;
  }

  private publish(): void {
    // Not awaited: the writer's answer never waits for Redis; a failed publish leaves the
    // other instances' answers to expire with the TTL.
    this.redis.client.publish(this.channel, this.instanceId).catch((error: unknown) => {
      this.log.warn({ err: error }, 'could not announce a response-cache invalidation to other instances');
    });
  }
}
