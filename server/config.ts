import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  max: number;
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Unset: SQLite file in dataDir. `postgres://…`: PostgreSQL. `:memory:` for tests. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
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
  rateLimits: {
    signInFailuresPerEmail: RateLimitRule;
    signInAttemptsPerIp: RateLimitRule;
    signUpsPerIp: RateLimitRule;
  };
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

/**
 * JWT_SECRET unset: one is generated on first start and kept in the data folder, readable only
 * by its owner, so tokens survive restarts without anyone having to invent a secret.
 */
export function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
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
  const jwtSecret = env.JWT_SECRET || loadOrCreateSecret(dataDir);
  if (jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
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
    },
  };
}
