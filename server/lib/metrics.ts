import type { IncomingMessage } from 'node:http';
import type { LogEvent } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database';
import type { PasswordHasher } from './passwords';
import { splitRequestUrl } from './query-string';
import type { ResponseCache } from './response-cache';

/** The route label of a request no route matched: one series for every unknown path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** From a 0.1 ms cache hit at the front door to a 10 s request that should never happen. */
const HTTP_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** The statement's kind, from its first word: a handful of values whatever the SQL. */
const OPERATIONS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback']);

export function queryOperation(sqlText: string): string {
  const word = /^\s*([a-z]+)/i.exec(sqlText)?.[1]?.toLowerCase();
  return word !== undefined && OPERATIONS.has(word) ? word : 'other';
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

/** Metrics are collected only when something may read them (a token or a port is configured). */
export function metricsWanted(exposure: { token: string | undefined; port: number | undefined }): boolean {
  return exposure.token !== undefined || exposure.port !== undefined;
}

/** The durable background queues, each a table with a `state` column indexed with its due time. */
const QUEUE_TABLES = { webhooks: 'webhook_deliveries', mail: 'mail_outbox' } as const;
export type QueueName = keyof typeof QUEUE_TABLES;
/** Jobs waiting for an attempt (first or retry), and jobs given up on for good. */
const QUEUE_STATES = ['pending', 'failed'] as const;
/** A scrape never waits longer than this for the queue counts; they are left out instead. */
const QUEUE_COUNT_TIMEOUT_MS = 2_000;

/**
 * How many jobs each queue holds in each state, read at scrape time. One statement per queue,
 * `state in ('pending', 'failed') group by state`, answered from the `(state, next_attempt_at)`
 * index the workers poll (webhook_deliveries_due, mail_outbox_due): a range of the index, never
 * the delivered rows the webhook log keeps. A state with no rows is 0, so every series is present.
 */
export async function countQueueJobs(
  database: Database,
): Promise<Record<QueueName, Record<(typeof QUEUE_STATES)[number], number>>> {
  const count = async (table: (typeof QUEUE_TABLES)[QueueName]) => {
    const rows = await database.db
      .selectFrom(table)
      .select((eb) => ['state', eb.fn.countAll<number | string | bigint>().as('jobs')])
      .where('state', 'in', [...QUEUE_STATES])
      .groupBy('state')
      .execute();
    const counts = { pending: 0, failed: 0 };
    for (const row of rows) {
      if (row.state === 'pending' || row.state === 'failed') counts[row.state] = Number(row.jobs);
    }
    return counts;
  };
  const [webhooks, mail] = await Promise.all([count(QUEUE_TABLES.webhooks), count(QUEUE_TABLES.mail)]);
  return { webhooks, mail };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export interface MetricsSources {
  database: Database;
  cache: ResponseCache;
}

/**
 * Everything Inkwell tells Prometheus, in one registry of its own (never prom-client's global
 * one, so each app built in a process counts only its own requests).
 *
 * Labels are bounded by construction: a route is Fastify's route pattern (or `unmatched`), never
 * the URL; a status is its class; a query is its kind of statement. Gauges that mirror a live
 * value (the pool, the cache, the argon2 queue, the background queues' counts) are read at scrape
 * time, so nothing on the request path pays for them.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status_class'>;
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_class'>;
  private readonly unexpectedErrors: Counter<'route'>;
  private readonly queryDuration: Histogram<'operation'>;
  private readonly queryErrors: Counter<'operation'>;
  private passwords: PasswordHasher | undefined;
  private readonly stopObservingQueries: () => void;

  constructor({ database, cache }: MetricsSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });

    this.requests = new Counter({
      name: 'inkwell_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class (cache hits included)',
      labelNames: ['method', 'route', 'status_class'],
      registers,
    });
    this.requestDuration = new Histogram({
      name: 'inkwell_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being handed to the socket',
      labelNames: ['method', 'route', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    this.unexpectedErrors = new Counter({
      name: 'inkwell_http_unexpected_errors_total',
      help: 'Errors the server did not expect (answered 500 and logged as "unhandled error"), by route',
      labelNames: ['route'],
      registers,
    });
    this.queryDuration = new Histogram({
      name: 'inkwell_db_query_duration_seconds',
      help: 'Database statements, by kind (select, insert, ...), failed ones included',
      labelNames: ['operation'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    this.queryErrors = new Counter({
      name: 'inkwell_db_query_errors_total',
      help: 'Database statements that failed, by kind',
      labelNames: ['operation'],
      registers,
    });
    this.stopObservingQueries = database.observeQueries((event) => this.observeQuery(event));

    const poolUsage = database.poolUsage;
    if (poolUsage) {
      new Gauge({
        name: 'inkwell_db_pool_connections',
        help: 'PostgreSQL pool: open connections (total), idle ones, and queries waiting for one',
        labelNames: ['state'],
        registers,
        collect() {
          const usage = poolUsage();
          this.set({ state: 'total' }, usage.total);
          this.set({ state: 'idle' }, usage.idle);
          this.set({ state: 'waiting' }, usage.waiting);
        },
      });
    }

    // Counters the cache keeps itself (a hit at the front door costs one increment), mirrored here.
    new Counter({
      name: 'inkwell_response_cache_hits_total',
      help: 'Anonymous public reads answered from the response cache',
      registers,
      collect() {
        this.reset();
        this.inc(cache.stats.hits);
      },
    });
    new Counter({
      name: 'inkwell_response_cache_misses_total',
      help: 'Cacheable anonymous reads the response cache could not answer',
      registers,
      collect() {
        this.reset();
        this.inc(cache.stats.misses);
      },
    });
    new Gauge({
      name: 'inkwell_response_cache_entries',
      help: 'Answers the response cache holds',
      registers,
      collect() {
        this.set(cache.usage.entries);
      },
    });
    new Gauge({
      name: 'inkwell_response_cache_bytes',
      help: 'Memory the response cache counts its entries as (bodies, headers, keys)',
      registers,
      collect() {
        this.set(cache.usage.bytes);
      },
    });

    // The queues are tables shared by every instance: each instance reports the same counts (take
    // max(), not sum(), across instances). Counted only when Prometheus scrapes, never on a request.
    new Gauge({
      name: 'inkwell_queue_jobs',
      help:
        'Jobs in the durable background queues (webhook deliveries, account emails), by queue: ' +
        'pending (waiting for an attempt, retries included) and failed (given up on for good)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        // A database that does not answer must not take the other metrics down with it: the
        // series are left out of this scrape (absent() alerts on that; /readyz says why).
        this.reset();
        const counts = await withTimeout(countQueueJobs(database), QUEUE_COUNT_TIMEOUT_MS).catch(
          () => undefined,
        );
        if (!counts) return;
        for (const queue of Object.keys(QUEUE_TABLES) as QueueName[]) {
          for (const state of QUEUE_STATES) this.set({ queue, state }, counts[queue][state]);
        }
      },
    });

    const passwordLoad = () => this.passwords?.load ?? { running: 0, waiting: 0, rejected: 0 };
    new Gauge({
      name: 'inkwell_password_hash_queue',
      help: 'argon2 hashes and verifications running, and waiting for a turn',
      labelNames: ['state'],
      registers,
      collect() {
        const load = passwordLoad();
        this.set({ state: 'running' }, load.running);
        this.set({ state: 'waiting' }, load.waiting);
      },
    });
    new Counter({
      name: 'inkwell_password_hash_rejected_total',
      help: 'argon2 operations refused with 503 because the queue was full',
      registers,
      collect() {
        this.reset();
        this.inc(passwordLoad().rejected);
      },
    });
  }

  /** The password queue is built after the app; it is read at scrape time from then on. */
  watchPasswordQueue(passwords: PasswordHasher): void {
    this.passwords = passwords;
  }

  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status_class: statusClass(status) };
    this.requests.inc(labels);
    this.requestDuration.observe(labels, seconds);
  }

  /**
   * A read the response cache answered at the front door. It answers only paths registered by a
   * route exactly as written, so the path is the route pattern.
   */
  observeCacheHit(request: IncomingMessage, ms: number, status: 200 | 304 = 200): void {
    this.observeRequest('GET', splitRequestUrl(request.url ?? '').path, status, ms / 1000);
  }

  countUnexpectedError(route: string): void {
    this.unexpectedErrors.inc({ route });
  }

  private observeQuery(event: LogEvent): void {
    const operation = queryOperation(event.query.sql);
    this.queryDuration.observe({ operation }, event.queryDurationMillis / 1000);
    if (event.level === 'error') this.queryErrors.inc({ operation });
  }

  /** The exposition text, in Prometheus's format (`contentType`). */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  close(): void {
    this.stopObservingQueries();
    this.registry.clear();
  }
}
