import type { MailQueueOptions } from './modules/mail-outbox/queued-mailer';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { HostResolver } from './lib/network-guard';
import type { PasswordHashingLimits } from './lib/passwords';
import type { S3StorageConfig } from './modules/media/media-storage';
import type { MediaLimits } from './modules/media/media-service';
import { REMOTE_PICTURE_DEFAULTS, type RemotePictureOptions } from './modules/media/remote-picture';

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
  /** On shutdown, requests in flight get this long to finish before their connections are cut. */
  shutdownGraceMs: number;
}

/** `auto`: only on requests that came over HTTPS; `always`: every answer; `off`: never. */
export type HstsMode = 'auto' | 'always' | 'off';

/**
 * Where Prometheus may scrape /metrics (docs/decisions/0015-metrics-exposure.md). With neither a
 * token nor a port, metrics are neither collected nor served.
 */
export interface MetricsExposure {
  /** METRICS_TOKEN: /metrics on the main port answers a request bearing this token. */
  token: string | undefined;
  /** METRICS_PORT: a separate listener that serves only /metrics. */
  port: number | undefined;
  /** METRICS_HOST: the separate listener's interface, loopback unless the operator says otherwise. */
  host: string;
}

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
  /**
   * ADMIN_EMAILS, lower-cased: the operators' accounts (issue 14 §2). Unset or empty: the oldest
   * account that can sign in is the operator.
   */
  adminEmails?: string[];
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
  /**
   * BASE_DOMAIN (issue 11 §2): each publication is also served at SLUG.BASE_DOMAIN. Unset: at
   * PUBLIC_URL/pub/SLUG only.
   */
  baseDomain?: string;
  /** DNS_RESOLVERS: the servers custom-domain checks ask (ip or ip:port, comma-separated); unset: the system's. */
  dnsResolvers?: string[];
  /**
   * DOMAIN_CHECK_INTERVAL_MINUTES: how often each custom domain's TXT record is looked at again
   * (decision 44). Unset: 60.
   */
  domainCheckIntervalMinutes?: number;
  /** How long an anonymous public read may be answered from memory; 0 turns the cache off. */
  responseCacheTtlMs: number;
  /** The most memory the response cache may hold, in bytes (bodies, headers and keys). */
  responseCacheMaxBytes: number;
  /** Issue 12 §5: how fast one user may join discussions. */
  conversationLimits: {
    /** Comments and replies a user may post. */
    commentsPerUser: RateLimitRule;
    /** People a user may mention, counted per person mentioned. */
    mentionsPerUser: RateLimitRule;
  };
  /** Issue 14 §2: how many posts, follows and favorites one user may make in a window. */
  writeLimits: {
    /** Posts created, drafts included (saving an existing post is not counted). */
    postsPerUser: RateLimitRule;
    followsPerUser: RateLimitRule;
    favoritesPerUser: RateLimitRule;
    /** Issue 11: publications started, and invitations sent, by one user (unset: the defaults). */
    publicationsPerUser?: RateLimitRule;
    invitationsPerUser?: RateLimitRule;
  };
  rateLimits: {
    /** Sign-in attempts for one email, counted before the password is checked; success clears it. */
    signInFailuresPerEmail: RateLimitRule;
    signInAttemptsPerIp: RateLimitRule;
    signUpsPerIp: RateLimitRule;
    passwordChangesPerUser: RateLimitRule;
    /** Reset and confirmation emails asked for, per address and per client address. */
    accountEmails?: RateLimitRule;
    /** Requests made with one personal access token (issue 13 §2). */
    requestsPerApiKey?: RateLimitRule;
  };
  passwordHashing: PasswordHashingLimits;
  http: HttpServerLimits;
  /** Whether the built web app's *.map files are served (they show the original source). */
  serveSourceMaps: boolean;
  /**
   * Check every JSON answer against its route's declared schema (server/openapi), failing the
   * request on a mismatch. For the API tests; never set from the environment.
   */
  checkApiAnswers?: boolean;
  hsts: HstsMode;
  metrics: MetricsExposure;
  /**
   * REDIS_URL: shares rate limits and response-cache invalidation among instances
   * (docs/decisions/0029-shared-rate-limits.md, 0030-cache-invalidation-across-instances.md).
   * Unset: one instance on its own, nothing else to start.
   */
  redisUrl?: string;
  /** REDIS_KEY_PREFIX: the start of every key and channel, so sites can share a Redis. */
  redisKeyPrefix?: string;
  /** SMTP_URL (smtp:// or smtps://, nodemailer's form); unset, account emails go to the log. */
  smtpUrl?: string;
  /** MAIL_FROM: the sender of account emails. */
  mailFrom?: string;
  media: MediaConfig;
  /** Signed webhooks (docs/decisions/0039-webhooks.md); absent: the defaults of loadWebhooksConfig. */
  webhooks?: WebhooksConfig;
  /** The account-email queue's timing (tests shorten it); unset: MAIL_QUEUE_DEFAULTS. */
  mailQueue?: Partial<MailQueueOptions>;
}

export interface WebhooksConfig {
  /**
   * WEBHOOKS_ALLOW_PRIVATE_NETWORKS=1: hooks may point at private, loopback and link-local
   * addresses (a receiver on the same machine or network). Off by default: a writer must not be
   * able to make the server call into its own network.
   */
  allowPrivateNetworks: boolean;
  /** WEBHOOKS_POLL_INTERVAL_MS: how often each instance reads the delivery queue. */
  pollIntervalMs: number;
  /** WEBHOOKS_TIMEOUT_MS: a receiver must answer within this. */
  timeoutMs: number;
  /** WEBHOOKS_MAX_ATTEMPTS: tries before a delivery is marked failed. */
  maxAttempts: number;
  /** The wait after a first failure (doubling after each further one) and its ceiling. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  testEventsPerUser: RateLimitRule;
  /** Tests answer names their own way; otherwise the system's resolver (dns.lookup). */
  resolve?: HostResolver;
}

/** Uploaded pictures: where they are kept and how much each writer may upload. */
export interface MediaConfig {
  /** MEDIA_S3_BUCKET set: an S3-compatible bucket; otherwise files under DATA_DIR/media. */
  s3: S3StorageConfig | undefined;
  limits: MediaLimits;
  /** Pictures fetched from other sites (POST /api/media/remote); absent: REMOTE_PICTURE_DEFAULTS. */
  remote?: RemotePictureOptions;
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

export function loadMetricsExposure(env: Env): MetricsExposure {
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && (token.length < 16 || /\s/.test(token))) {
    throw new Error('METRICS_TOKEN must be at least 16 characters, without spaces');
  }
  const rawPort = env.METRICS_PORT;
  let port: number | undefined;
  if (rawPort !== undefined && rawPort !== '') {
    port = integer(env, 'METRICS_PORT', 0);
    if (port < 1 || port > 65_535) throw new Error('METRICS_PORT must be a port number (1 to 65535)');
  }
  return { token, port, host: env.METRICS_HOST || '127.0.0.1' };
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
    // Under server.ts's 10 s exit deadline, so the database still closes cleanly after it.
    shutdownGraceMs: integer(env, 'HTTP_SHUTDOWN_GRACE_MS', 5_000),
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

/** An optional URL setting that must use one of `protocols` (REDIS_URL, SMTP_URL). */
function serviceUrl(env: Env, name: string, protocols: readonly string[]): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let protocol: string;
  try {
    protocol = new URL(raw).protocol;
  } catch {
    throw new Error(`${name} must be a URL such as ${protocols[0]}//host`);
  }
  if (!protocols.includes(protocol)) throw new Error(`${name} must start with ${protocols.join('// or ')}//`);
  return raw;
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name under which publications get their sub-domains; `localhost` works for development. */
export function parseBaseDomain(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const name = raw.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (!HOST_NAME.test(name)) throw new Error('BASE_DOMAIN must be a host name such as inkwell.example');
  return name;
}

function parseResolvers(raw: string | undefined): string[] | undefined {
  if (!raw) return undefined;
  const servers = raw
    .split(',')
    .map((server) => server.trim())
    .filter(Boolean);
  for (const server of servers) {
    if (!/^[0-9a-f.:[\]]+$/i.test(server))
      throw new Error('DNS_RESOLVERS must be IP addresses, like 1.1.1.1,8.8.8.8');
  }
  return servers.length > 0 ? servers : undefined;
}

/** ADMIN_EMAILS: comma-separated, compared without regard to case; unset or blank: none. */
export function parseAdminEmails(value: string | undefined): string[] | undefined {
  const emails = (value ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return emails.length > 0 ? emails : undefined;
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
    adminEmails: parseAdminEmails(env.ADMIN_EMAILS),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    seedDemo: env.SEED_DEMO !== '0',
    webDir: env.WEB_DIR ? resolve(env.WEB_DIR) : defaults.webDir,
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    baseDomain: parseBaseDomain(env.BASE_DOMAIN),
    dnsResolvers: parseResolvers(env.DNS_RESOLVERS),
    domainCheckIntervalMinutes: positiveInteger(env, 'DOMAIN_CHECK_INTERVAL_MINUTES', 60),
    responseCacheTtlMs: integer(env, 'RESPONSE_CACHE_TTL_MS', 2000),
    responseCacheMaxBytes: integer(env, 'RESPONSE_CACHE_MAX_MB', 32) * 1024 * 1024,
    conversationLimits: {
      commentsPerUser: {
        max: integer(env, 'RATE_COMMENTS_PER_USER', 20),
        windowMs: integer(env, 'RATE_COMMENTS_WINDOW_MINUTES', 10) * MINUTE,
      },
      mentionsPerUser: {
        max: integer(env, 'RATE_MENTIONS_PER_USER', 30),
        windowMs: integer(env, 'RATE_MENTIONS_WINDOW_MINUTES', 60) * MINUTE,
      },
    },
    writeLimits: {
      postsPerUser: {
        max: integer(env, 'RATE_POSTS_PER_USER', 30),
        windowMs: integer(env, 'RATE_POSTS_WINDOW_MINUTES', 60) * MINUTE,
      },
      followsPerUser: {
        max: integer(env, 'RATE_FOLLOWS_PER_USER', 100),
        windowMs: integer(env, 'RATE_FOLLOWS_WINDOW_MINUTES', 60) * MINUTE,
      },
      favoritesPerUser: {
        max: integer(env, 'RATE_FAVORITES_PER_USER', 300),
        windowMs: integer(env, 'RATE_FAVORITES_WINDOW_MINUTES', 60) * MINUTE,
      },
      publicationsPerUser: {
        max: integer(env, 'RATE_PUBLICATIONS_PER_USER', 10),
        windowMs: integer(env, 'RATE_PUBLICATIONS_WINDOW_MINUTES', 24 * 60) * MINUTE,
      },
      invitationsPerUser: {
        max: integer(env, 'RATE_INVITATIONS_PER_USER', 50),
        windowMs: integer(env, 'RATE_INVITATIONS_WINDOW_MINUTES', 60) * MINUTE,
      },
    },
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
      accountEmails: {
        max: integer(env, 'RATE_ACCOUNT_EMAILS', 5),
        windowMs: integer(env, 'RATE_ACCOUNT_EMAILS_WINDOW_MINUTES', 60) * MINUTE,
      },
      requestsPerApiKey: {
        max: integer(env, 'RATE_REQUESTS_PER_API_KEY', 5000),
        windowMs: integer(env, 'RATE_REQUESTS_PER_API_KEY_WINDOW_MINUTES', 60) * MINUTE,
      },
    },
    passwordHashing: {
      concurrency: positiveInteger(env, 'PASSWORD_HASH_CONCURRENCY', defaultHashConcurrency()),
      maxWaiting: integer(env, 'PASSWORD_HASH_QUEUE', 32),
    },
    http: loadHttpServerLimits(env),
    serveSourceMaps: flag(env, 'SERVE_SOURCE_MAPS', false),
    hsts: hstsMode(env.HSTS),
    metrics: loadMetricsExposure(env),
    redisUrl: serviceUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisKeyPrefix: env.REDIS_KEY_PREFIX || 'inkwell:',
    smtpUrl: serviceUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || undefined,
    media: loadMediaConfig(env),
    webhooks: loadWebhooksConfig(env),
  };
}

export function loadWebhooksConfig(env: Env = {}): WebhooksConfig {
  return {
    allowPrivateNetworks: flag(env, 'WEBHOOKS_ALLOW_PRIVATE_NETWORKS', false),
    pollIntervalMs: positiveInteger(env, 'WEBHOOKS_POLL_INTERVAL_MS', 5_000),
    timeoutMs: positiveInteger(env, 'WEBHOOKS_TIMEOUT_MS', 10_000),
    maxAttempts: positiveInteger(env, 'WEBHOOKS_MAX_ATTEMPTS', 8),
    // 30 s, 1 min, 2 min … (each between half and all of that): eight attempts span about an hour.
    backoffBaseMs: 30_000,
    backoffMaxMs: 60 * MINUTE,
    testEventsPerUser: { max: 10, windowMs: 10 * MINUTE },
  };
}

export function loadMediaConfig(env: Env): MediaConfig {
  const bucket = env.MEDIA_S3_BUCKET || undefined;
  return {
    s3: bucket
      ? {
          bucket,
          region: env.MEDIA_S3_REGION || 'us-east-1',
          endpoint: env.MEDIA_S3_ENDPOINT || undefined,
          accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: flag(env, 'MEDIA_S3_FORCE_PATH_STYLE', Boolean(env.MEDIA_S3_ENDPOINT)),
        }
      : undefined,
    limits: {
      uploadsPerUser: {
        max: positiveInteger(env, 'MEDIA_UPLOADS_PER_HOUR', 60),
        windowMs: 60 * MINUTE,
      },
      quotaBytes: positiveInteger(env, 'MEDIA_QUOTA_MB', 1024) * 1024 * 1024,
      concurrency: positiveInteger(env, 'MEDIA_PROCESSING_CONCURRENCY', 2),
      maxWaiting: integer(env, 'MEDIA_PROCESSING_QUEUE', 16),
    },
    remote: {
      allowPrivateNetworks: flag(env, 'MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS', false),
      timeoutMs: positiveInteger(env, 'MEDIA_FETCH_TIMEOUT_MS', REMOTE_PICTURE_DEFAULTS.timeoutMs),
    },
  };
}
