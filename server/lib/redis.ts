import { Redis } from 'ioredis';

/**
 * The instance's connections to Redis (REDIS_URL), shared by everything that coordinates
 * instances: the rate limits' counters and the response cache's invalidation channel. Every key
 * and channel starts with `keyPrefix`, so several Inkwell sites (or test runs) can share one Redis.
 */
export interface RedisConnection {
  /** For commands: counters, PUBLISH. */
  readonly client: Redis;
  readonly keyPrefix: string;
  /** A further connection in subscriber mode (Redis allows nothing else on one that subscribes). */
  subscriber(): Redis;
  /** A round trip, for readiness. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function connectRedis(url: string, keyPrefix: string): RedisConnection {
  const options = {
    // A command waits for a lost connection at most this many reconnection attempts, then fails:
    // a request must get an answer (the limiter falls back to memory), not hang.
    maxRetriesPerRequest: 2,
    connectionName: 'inkwell',
  };
  const client = new Redis(url, options);
  const subscribers: Redis[] = [];
  // ioredis reconnects on its own; without a listener every failed attempt would be an
  // unhandled 'error' event. Readiness (/readyz) is where an outage shows.
  client.on('error', () => undefined);
  return {
    client,
    keyPrefix,
    subscriber() {
      // A SUBSCRIBE sent while Redis is away waits for it rather than failing: ioredis then
      // renews the subscription after every reconnection.
      const subscriber = new Redis(url, { ...options, maxRetriesPerRequest: null });
      subscriber.on('error', () => undefined);
      subscribers.push(subscriber);
      return subscriber;
    },
    async ping() {
      await client.ping();
    },
    async close() {
      // QUIT lets a connected client finish what it sent; one still (re)connecting would wait
      // for Redis forever, so it is simply dropped.
      await Promise.all(
        [client, ...subscribers].map((connection) =>
          connection.status === 'ready' ? connection.quit().catch(() => undefined) : connection.disconnect(),
        ),
      );
    },
  };
}
