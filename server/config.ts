import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { PasswordHashingLimits } from './lib/passwords';

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

/** Limits of the node:http server that carries every request (see server/lib/http-server.ts). */
export interface HttpServerLimits {
  /** The whole request, headers and body, must arrive within this; 0 turns it off. */
  requestTimeoutMs: number;
  /** The headers must arrive within this; at most requestTimeoutMs. */
  headersTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections at most; further ones are closed at once. 0: no limit. */
  maxConnections: number;
}

/** `auto`: only on requests that came over HTTPS; `always`: every answer; `off`: never. */
export type HstsMode = 'auto' | 'always' | 'off';

export interface AppConfig {
  port: number;
  host: string;
  /** Unset: SQLite file in dataDir. `postgres://…`: PostgreSQL. `:memory:` for tests. */
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * JWT_SECRET as configured. Unset: one is generated once and kept where every instance finds it
   * (server/modules/instance/jwt-secret.ts): a file in dataDir with SQLite, a row in the database
   * with PostgreSQL.
   */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  corsOrigins: string[];
  trustProxy: boolean;
  seedDemo: boolean;
  /** Folder of the built web app; the API alone is served when it does not exist. */
  webDir: string | undefined;
  logLevel: string;
  /**
   * The site's absolute address, without a trailing slash: the base of canonical links, feeds and
   * sitemaps. Never taken from a request's Host header, which anyone can set.
   */
  publicUrl: string;
  /** How long an anonymous public read may be answered from memory; 0 turns the cache off. */
  responseCacheTtlMs: number;
  /** The most memory the response cache may hold, in bytes (bodies, headers and keys). */
  responseCacheMaxBytes: number;
  rateLimits: {
    /** Sign-in attempts for one email, counted before the password is checked; success clears it. */
    signInFailuresPerEmail: RateLimitRule;
    signInAttemptsPerIp: RateLimitRule;
    signUpsPerIp: RateLimitRule;
    passwordChangesPerUser: RateLimitRule;
  };
  passwordHashing: PasswordHashingLimits;
  http: HttpServerLimits;
  /** Whether the built web app's *.map files are served (they show the original source). */
  serveSourceMaps: boolean;
  hsts: HstsMode;
}

type Env = Record<string, string | undefined>;

const MINUTE = 60_000;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer`);
  return value;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const value = integer(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0`);
}

function hstsMode(raw: string | undefined): HstsMode {
  if (raw === undefined || raw === '' || raw === 'auto') return 'auto';
  if (raw === 'always' || raw === 'off') return raw;
  throw new Error('HSTS must be auto, always or off');
}

/**
 * One argon2 operation fewer than there are cores, so a core stays free for the event loop, and at
 * most three, so one of libuv's four threads stays free for file reads.
 */
const defaultHashConcurrency = () => Math.min(3, Math.max(1, availableParallelism() - 1));

export function loadHttpServerLimits(env: Env): HttpServerLimits {
  const limits = {
    requestTimeoutMs: integer(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000),
    headersTimeoutMs: integer(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000),
    // Above the 60 s idle timeout of common load balancers, so they never reuse a connection
    // this server has just closed (the same default as Fastify's own).
    keepAliveTimeoutMs: integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000),
    maxConnections: integer(env, 'HTTP_MAX_CONNECTIONS', 1_000),
  };
  if (limits.requestTimeoutMs > 0 && limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error('HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS');
  }
  return limits;
}

/** PUBLIC_URL as an origin plus optional path, without a trailing slash; http(s) only. */
export function parsePublicUrl(raw: string | undefined, port: number): string {
  if (raw === undefined || raw === '') return `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('PUBLIC_URL must be an absolute URL such as https://blog.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('PUBLIC_URL must start with http:// or https://');
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new Error('PUBLIC_URL must not carry a query, a fragment or credentials');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

export function loadConfig(env: Env = process.env, defaults: { webDir?: string } = {}): AppConfig {
  const dataDir = resolve(env.DATA_DIR ?? 'data');
  const jwtSecret = env.JWT_SECRET || undefined;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be at least 32 characters');
  }
  const port = integer(env, 'PORT', 3000);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret,
    jwtTtlSeconds: integer(env, 'JWT_TTL_SECONDS', 7 * 24 * 60 * 60),
    corsOrigins: (env.CORS_ORIGIN ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO !== '0',
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : defaults.webDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    responseCacheTtlMs: integer(env, 'RESPONSE_CACHE_TTL_MS', 2000),
    responseCacheMaxBytes: integer(env, 'RESPONSE_CACHE_MAX_MB', 32) * 1024 * 1024,
    rateLimits: {
      signInFailuresPerEmail: {
        max: integer(env, 'RATE_SIGNIN_FAILURES_PER_EMAIL', 5),
        windowMs: integer(env, 'RATE_SIGNIN_FAILURES_WINDOW_MINUTES', 15) * MINUTE,
      },
      signInAttemptsPerIp: {
        max: integer(env, 'RATE_SIGNIN_PER_IP', 30),
        windowMs: integer(env, 'RATE_SIGNIN_WINDOW_MINUTES', 15) * MINUTE,
      },
      signUpsPerIp: {
        max: integer(env, 'RATE_SIGNUP_PER_IP', 20),
        windowMs: integer(env, 'RATE_SIGNUP_WINDOW_MINUTES', 60) * MINUTE,
      },
      passwordChangesPerUser: {
        max: integer(env, 'RATE_PASSWORD_CHANGES_PER_USER', 5),
        windowMs: integer(env, 'RATE_PASSWORD_CHANGES_WINDOW_MINUTES', 60) * MINUTE,
      },
    },
    passwordHashing: {
      concurrency: positiveInteger(env, 'PASSWORD_HASH_CONCURRENCY', defaultHashConcurrency()),
      maxWaiting: integer(env, 'PASSWORD_HASH_QUEUE', 32),
    },
    http: loadHttpServerLimits(env),
    serveSourceMaps: flag(env, 'SERVE_SOURCE_MAPS', false),
    hsts: hstsMode(env.HSTS),
  };
}
