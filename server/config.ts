import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { POSTGRES_POOL_DEFAULT } from './db/database';
import type { HostResolver } from './lib/network-guard';
import type { RateLimitRule } from './lib/rate-limiter';
import type { MailQueueOptions } from './modules/mail-outbox/queued-mailer';
import type { NEWSLETTER_SEND_DEFAULTS } from './modules/newsletters/newsletter-sender';
import { REMOTE_PICTURE_DEFAULTS } from './modules/media/remote-picture';

/*
 * Inkwell's whole configuration: every environment variable is declared once below, with how it
 * is read, its default and its meaning. loadConfig parses them all at once and refuses to start
 * with one line per bad value; docs/configuration.md is generated from these declarations (a
 * unit test fails when it differs: `npm run docs:config` writes it again).
 */

/** The part of the reference a variable is listed in, in this order. */
export const CONFIG_SECTIONS = [
  'Server',
  'Rate limits',
  'Database',
  'Security',
  'Publications and custom domains',
  'Response cache',
  'Password hashing',
  'HTTP server',
  'Email',
  'Redis',
  'Uploaded pictures',
  'Webhooks',
  'Social web',
  'Metrics',
] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** How one variable is read: a Zod schema of its raw text (undefined when unset or empty). */
interface Reading<T> {
  schema: z.ZodType<T, string | undefined>;
  /** The default as the reference shows it. */
  shown: string;
}

export interface Variable<T = unknown> extends Reading<T> {
  section: ConfigSection;
  /** One line for the reference. */
  meaning: string;
}

function declare<T>(section: ConfigSection, reading: Reading<T>, meaning: string): Variable<T> {
  return { ...reading, section, meaning };
}

/** The raw value, for a message; never used for values that may hold a secret. */
const quoted = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

/** A whole number of at least `min` (0 unless told), and at most `max` when given. */
function integer(fallback: number, { min = 0, max }: { min?: number; max?: number } = {}): Reading<number> {
  return integerOr(fallback, `\`${fallback}\``, { min, max });
}

function integerOr<F extends number | undefined>(
  fallback: F,
  shown: string,
  { min = 0, max }: { min?: number; max?: number } = {},
): Reading<number | F> {
  return {
    shown,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx): number | F => {
        if (raw === undefined) return fallback;
        const value = Number(raw);
        if (!Number.isInteger(value) || value < 0) {
          ctx.addIssue({ code: 'custom', message: `must be a non-negative integer, not ${quoted(raw)}` });
          return z.NEVER;
        }
        if (value < min || (max !== undefined && value > max)) {
          ctx.addIssue({
            code: 'custom',
            message: max === undefined ? `must be at least ${min}` : `must be from ${min} to ${max}`,
          });
          return z.NEVER;
        }
        return value;
      }),
  };
}

/** 1/true or 0/false. */
function flag<F extends boolean | undefined>(
  fallback: F,
  shown = fallback ? '`1`' : '`0`',
): Reading<boolean | F> {
  return {
    shown,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx): boolean | F => {
        if (raw === undefined) return fallback;
        if (raw === '1' || raw === 'true') return true;
        if (raw === '0' || raw === 'false') return false;
        ctx.addIssue({ code: 'custom', message: `must be 1 or 0, not ${quoted(raw)}` });
        return z.NEVER;
      }),
  };
}

function oneOf<const T extends string>(choices: readonly T[], fallback: T): Reading<T> {
  const names =
    choices.length > 2 ? `${choices.slice(0, -1).join(', ')} or ${choices.at(-1)}` : choices.join(' or ');
  return {
    shown: `\`${fallback}\``,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx): T => {
        if (raw === undefined) return fallback;
        if ((choices as readonly string[]).includes(raw)) return raw as T;
        ctx.addIssue({ code: 'custom', message: `must be ${names}, not ${quoted(raw)}` });
        return z.NEVER;
      }),
  };
}

function text<F extends string | undefined>(
  fallback: F,
  shown: string = fallback === undefined ? 'unset' : `\`${fallback}\``,
): Reading<string | F> {
  return {
    shown,
    schema: z
      .string()
      .optional()
      .transform((raw): string | F => raw ?? fallback),
  };
}

/** Text checked and reshaped by `parse`, which returns the value or throws a message saying what is wrong. */
function parsed<T>(shown: string, parse: (raw: string) => T): Reading<T | undefined> {
  return {
    shown,
    schema: z
      .string()
      .optional()
      .transform((raw, ctx): T | undefined => {
        if (raw === undefined) return undefined;
        try {
          return parse(raw);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  };
}

/** A comma-separated list, blanks dropped; undefined when nothing is left. */
function list(shown: string, each: (item: string) => string = (item) => item): Reading<string[] | undefined> {
  return parsed(shown, (raw) => {
    const items = raw
      .split(',')
      .map((item) => each(item.trim()))
      .filter(Boolean);
    return items.length > 0 ? items : undefined;
  });
}

/** An optional URL that must use one of `protocols` (REDIS_URL, SMTP_URL); never quoted (it may hold a password). */
function serviceUrl(protocols: readonly string[]): Reading<string | undefined> {
  return parsed('unset', (raw) => {
    let protocol: string;
    try {
      protocol = new URL(raw).protocol;
    } catch {
      throw new Error(`must be a URL such as ${protocols[0]}//host`);
    }
    if (!protocols.includes(protocol)) throw new Error(`must start with ${protocols.join('// or ')}//`);
    return raw;
  });
}

/** PUBLIC_URL as an origin plus optional path, without a trailing slash; http(s) only. */
function publicUrlOf(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('must be an absolute URL such as https://blog.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('must start with http:// or https://');
  if (url.search || url.hash || url.username || url.password) {
    throw new Error('must not carry a query, a fragment or credentials');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** PUBLIC_URL, or the local address on `port` when it is unset. */
export function parsePublicUrl(raw: string | undefined, port: number): string {
  if (raw === undefined || raw === '') return `http://localhost:${port}`;
  try {
    return publicUrlOf(raw);
  } catch (error) {
    throw new Error(`PUBLIC_URL ${(error as Error).message}`);
  }
}

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A host name under which publications get their sub-domains; `localhost` works for development. */
function baseDomainOf(raw: string): string {
  const name = raw.trim().toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  if (!HOST_NAME.test(name)) throw new Error('must be a host name such as inkwell.example');
  return name;
}

function resolverOf(server: string): string {
  if (server && !/^[0-9a-f.:[\]]+$/i.test(server))
    throw new Error('must be IP addresses, like 1.1.1.1,8.8.8.8');
  return server;
}

/** ADMIN_EMAILS: comma-separated, compared without regard to case; unset or blank: none. */
export function parseAdminEmails(value: string | undefined): string[] | undefined {
  const emails = (value ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  return emails.length > 0 ? emails : undefined;
}

/**
 * One argon2 operation fewer than there are cores, so a core stays free for the event loop, and at
 * most three, so one of libuv's four threads stays free for file reads.
 */
const defaultHashConcurrency = () => Math.min(3, Math.max(1, availableParallelism() - 1));

/** Every environment variable but the rate limits' (RATE_RULES below declares those). */
export const VARIABLES = {
  PORT: declare('Server', integer(3000), 'HTTP port'),
  HOST: declare('Server', text('127.0.0.1'), 'Interface to listen on (`0.0.0.0` to serve other machines)'),
  PUBLIC_URL: declare(
    'Server',
    parsed('`http://localhost:$PORT`', publicUrlOf),
    "The site's public address: the base of canonical links, feeds and sitemaps (never taken from the Host header)",
  ),
  DATA_DIR: declare(
    'Server',
    text('data', '`./data`'),
    'Folder for the SQLite file, uploaded pictures and the generated JWT secret; created with mode 0700 (the database files 0600) when Inkwell creates it',
  ),
  WEB_DIR: declare(
    'Server',
    text(undefined, 'beside the server'),
    'Folder of the built web app; when it does not exist, the API alone is served',
  ),
  LOG_LEVEL: declare(
    'Server',
    oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'info'),
    'The least important log lines written',
  ),
  SEED_DEMO: declare('Server', flag(true), '`0` skips the welcome posts a new site starts with'),
  SERVE_SOURCE_MAPS: declare(
    'Server',
    flag(false),
    "`1` serves the web app's `*.map` files (they show the original source); otherwise they are 404",
  ),

  DATABASE_URL: declare(
    'Database',
    text(undefined),
    'Unset: SQLite at `$DATA_DIR/inkwell.sqlite`. `postgres://user:pass@host/db`: PostgreSQL',
  ),
  PG_POOL_MAX: declare(
    'Database',
    integer(POSTGRES_POOL_DEFAULT, { min: 1 }),
    'PostgreSQL connections per instance',
  ),

  JWT_SECRET: declare(
    'Security',
    parsed('generated', (raw) => {
      if (raw.length < 32) throw new Error('must be at least 32 characters');
      return raw;
    }),
    'At least 32 characters. Unset: generated once, into `$DATA_DIR/jwt-secret` (mode 0600) with SQLite, into the database with PostgreSQL (see [Several instances](operations.md#several-instances-postgresql-and-redis))',
  ),
  JWT_TTL_SECONDS: declare('Security', integer(7 * 24 * 60 * 60), 'Sign-in token lifetime (7 days)'),
  ADMIN_EMAILS: declare(
    'Security',
    parsed('unset', parseAdminEmails),
    'Comma-separated emails (any case) of the operators, who get `/admin` (see [Moderation](operations.md#moderation)). Unset: the oldest account that can sign in is the operator',
  ),
  CORS_ORIGIN: declare(
    'Security',
    list('unset'),
    'Comma-separated origins allowed to call the API from another host',
  ),
  TRUST_PROXY: declare(
    'Security',
    flag(false),
    "`1` behind a reverse proxy, so rate limits see the client's address, HTTPS is recognised by `X-Forwarded-Proto`, and the proxy's `X-Request-Id` (if well formed) becomes the request's id",
  ),
  HSTS: declare(
    'Security',
    oneOf(['auto', 'always', 'off'], 'auto'),
    '`Strict-Transport-Security`: `auto` only on requests that came over HTTPS, `always` on every answer (TLS ends at a proxy that sets no `X-Forwarded-Proto`), `off` never',
  ),

  BASE_DOMAIN: declare(
    'Publications and custom domains',
    parsed('unset', baseDomainOf),
    '`inkwell.example`: every publication is also served at `SLUG.inkwell.example` (see [Publications](operations.md#publications-and-their-sites)); `localhost` works for development. Unset: at `PUBLIC_URL/pub/SLUG` only',
  ),
  DNS_RESOLVERS: declare(
    'Publications and custom domains',
    list('unset', resolverOf),
    "Comma-separated `ip` or `ip:port`: the DNS servers custom-domain checks ask. Unset: the system's",
  ),
  DOMAIN_CHECK_INTERVAL_MINUTES: declare(
    'Publications and custom domains',
    integer(60, { min: 1 }),
    "How often each custom domain's TXT record is checked again (each instance looks for due domains every 5 minutes, or every interval if shorter, and takes at most 50 at a time)",
  ),

  RESPONSE_CACHE_TTL_MS: declare(
    'Response cache',
    integer(2000),
    'How long an anonymous public read may be answered from memory; `0` turns the cache off',
  ),
  RESPONSE_CACHE_MAX_MB: declare(
    'Response cache',
    integer(32),
    'Memory the response cache may use (bodies, headers, keys); least recently used answers go first',
  ),

  PASSWORD_HASH_CONCURRENCY: declare(
    'Password hashing',
    integerOr(undefined, 'cores − 1 (1 to 3)', { min: 1 }),
    'argon2 hashes and verifications running at once',
  ),
  PASSWORD_HASH_QUEUE: declare(
    'Password hashing',
    integer(32),
    'argon2 operations that may wait for a turn; past that, 503 with `Retry-After`',
  ),

  HTTP_REQUEST_TIMEOUT_MS: declare(
    'HTTP server',
    integer(30_000),
    'A request (headers and body) must arrive within this, or it is answered 408 and the connection closed; `0` turns it off',
  ),
  HTTP_HEADERS_TIMEOUT_MS: declare(
    'HTTP server',
    integer(10_000),
    'The headers must arrive within this (at most `HTTP_REQUEST_TIMEOUT_MS`)',
  ),
  // Above the 60 s idle timeout of common load balancers, so they never reuse a connection this
  // server has just closed (the same default as Fastify's own).
  HTTP_KEEP_ALIVE_TIMEOUT_MS: declare(
    'HTTP server',
    integer(72_000),
    "An idle keep-alive connection is closed after this (above common balancers' 60 s)",
  ),
  HTTP_MAX_CONNECTIONS: declare(
    'HTTP server',
    integer(1_000),
    'Open connections at most; further ones are closed at once. `0`: no limit',
  ),
  // Under server.ts's 10 s exit deadline, so the database still closes cleanly after it.
  HTTP_SHUTDOWN_GRACE_MS: declare(
    'HTTP server',
    integer(5_000),
    'On shutdown, requests in flight get this long to finish before their connections are cut',
  ),

  SMTP_URL: declare(
    'Email',
    serviceUrl(['smtp:', 'smtps:']),
    '`smtp://user:pass@host:587` or `smtps://…:465` (nodemailer): where password-reset, email-confirmation and newsletter-confirmation links are sent. Unset: each such email, link included, is written to the server log at `warn`',
  ),
  MAIL_FROM: declare(
    'Email',
    text(undefined, "`Inkwell <no-reply@PUBLIC_URL's host>`"),
    "The sender of those emails; newsletter emails use its address with the writer's or publication's name",
  ),
  NEWSLETTER_SEND_RATE: declare(
    'Email',
    integer(20, { min: 1, max: 10_000 }),
    'Newsletter emails sent a second by each instance (see [Newsletters](operations.md#newsletters))',
  ),
  NEWSLETTER_SMTP_CONNECTIONS: declare(
    'Email',
    integer(3, { min: 1, max: 50 }),
    'SMTP connections each instance keeps open for newsletter emails (a nodemailer pool)',
  ),
  LIST_UNSUBSCRIBE_MAILTO: declare(
    'Email',
    text(undefined),
    "An address offered as `mailto:` in newsletter emails' `List-Unsubscribe`, beside the one-click https link (the subject carries the unsubscribe token; the operator handles that mailbox). Unset: the https link alone",
  ),
  DKIM_DOMAIN: declare(
    'Email',
    text(undefined),
    'With `DKIM_SELECTOR` and `DKIM_PRIVATE_KEY`: newsletter emails are DKIM-signed for this domain',
  ),
  DKIM_SELECTOR: declare(
    'Email',
    text(undefined),
    "The DKIM key's selector (its DNS record is `SELECTOR._domainkey.DOMAIN`)",
  ),
  DKIM_PRIVATE_KEY: declare(
    'Email',
    text(undefined),
    'The DKIM private key, PEM (newlines may be written `\\n`)',
  ),

  REDIS_URL: declare(
    'Redis',
    serviceUrl(['redis:', 'rediss:']),
    "`redis://host:6379`: instances share rate limits and empty each other's response caches (see [Several instances](operations.md#several-instances-postgresql-and-redis)); `/readyz` then reports Redis too, as degraded (still 200) while it does not answer",
  ),
  REDIS_KEY_PREFIX: declare(
    'Redis',
    text('inkwell:'),
    'The start of every Redis key and channel, so several sites can share one Redis',
  ),

  MEDIA_S3_BUCKET: declare(
    'Uploaded pictures',
    text(undefined),
    'Keep uploaded pictures in this S3-compatible bucket (shared by every instance) instead of `$DATA_DIR/media`',
  ),
  MEDIA_S3_ENDPOINT: declare(
    'Uploaded pictures',
    text(undefined),
    "The S3-compatible service's address (MinIO, R2, Garage…); unset: AWS S3",
  ),
  MEDIA_S3_REGION: declare('Uploaded pictures', text('us-east-1'), "The bucket's region"),
  MEDIA_S3_ACCESS_KEY_ID: declare(
    'Uploaded pictures',
    text(undefined),
    "The bucket's access key; unset: the AWS SDK's usual sources (environment, instance role)",
  ),
  MEDIA_S3_SECRET_ACCESS_KEY: declare('Uploaded pictures', text(undefined), 'The secret of that access key'),
  MEDIA_S3_FORCE_PATH_STYLE: declare(
    'Uploaded pictures',
    flag(undefined, '`1` with an endpoint'),
    'Bucket in the path rather than the host name (most self-hosted services need it)',
  ),
  MEDIA_QUOTA_MB: declare(
    'Uploaded pictures',
    integer(1024, { min: 1 }),
    'Stored picture bytes (every width) one writer may keep; past that, 413',
  ),
  MEDIA_PROCESSING_CONCURRENCY: declare(
    'Uploaded pictures',
    integer(2, { min: 1 }),
    'Pictures processed at once',
  ),
  MEDIA_PROCESSING_QUEUE: declare(
    'Uploaded pictures',
    integer(16),
    'Uploads that may wait for processing; past that, 503 with `Retry-After`',
  ),
  MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS: declare(
    'Uploaded pictures',
    flag(false),
    '`1`: pictures pasted from a web page may be copied from private, loopback and link-local addresses (off: refused, as for webhooks)',
  ),
  MEDIA_FETCH_TIMEOUT_MS: declare(
    'Uploaded pictures',
    integer(REMOTE_PICTURE_DEFAULTS.timeoutMs, { min: 1 }),
    'How long copying one pasted picture from its site may take; past that, 504 and the picture stays a link',
  ),

  WEBHOOKS_ALLOW_PRIVATE_NETWORKS: declare(
    'Webhooks',
    flag(false),
    '`1`: webhooks may target private, loopback and link-local addresses (a receiver on the same machine or network; see [Webhooks](api.md#webhooks))',
  ),
  WEBHOOKS_POLL_INTERVAL_MS: declare(
    'Webhooks',
    integer(5_000, { min: 1 }),
    'How often each instance reads the webhook delivery queue',
  ),
  WEBHOOKS_TIMEOUT_MS: declare(
    'Webhooks',
    integer(10_000, { min: 1 }),
    'How long a webhook receiver has to answer',
  ),
  WEBHOOKS_MAX_ATTEMPTS: declare(
    'Webhooks',
    integer(8, { min: 1 }),
    'Attempts before a webhook delivery is marked failed',
  ),

  FEDERATION_ALLOW_PRIVATE_NETWORKS: declare(
    'Social web',
    flag(false),
    '`1`: other servers may be fetched from and delivered to at private, loopback and link-local addresses (two instances on one machine, tests); off: refused, as for webhooks',
  ),
  FEDERATION_TIMEOUT_MS: declare(
    'Social web',
    integer(10_000, { min: 1 }),
    'How long another server has to answer a fetch (an actor, its key) or a delivery',
  ),
  FEDERATION_POLL_INTERVAL_MS: declare(
    'Social web',
    integer(5_000, { min: 1 }),
    'How often each instance reads the social-web delivery queue and looks for scheduled posts whose time has come',
  ),
  FEDERATION_MAX_ATTEMPTS: declare(
    'Social web',
    integer(16, { min: 1 }),
    'Attempts before a delivery to another server is given up (1 min, doubling up to 12 h: 16 attempts span about four days)',
  ),

  METRICS_TOKEN: declare(
    'Metrics',
    parsed('unset', (raw) => {
      if (raw.length < 16 || /\s/.test(raw))
        throw new Error('must be at least 16 characters, without spaces');
      return raw;
    }),
    'At least 16 characters: serve `/metrics` on the main port to requests with `Authorization: Bearer <token>`. With neither this nor `METRICS_PORT`, no metrics are collected and `/metrics` is a 404',
  ),
  METRICS_PORT: declare(
    'Metrics',
    integerOr(undefined, 'unset', { min: 1, max: 65_535 }),
    'Serve Prometheus metrics at `/metrics` on this port, on a listener of its own (see [Health and metrics](operations.md#health-and-metrics))',
  ),
  METRICS_HOST: declare('Metrics', text('127.0.0.1'), 'The interface of the `METRICS_PORT` listener'),
};

/** A rate limit: its default allowance and window, the variables that change them (if any) and what it counts. */
export interface RateRule {
  max: number;
  windowMinutes: number;
  /** The allowance's variable and the window's (in minutes); a rule without them is fixed. */
  variables?: { max: string; window?: string };
  meaning: string;
}

/**
 * Every rate limit, one row each. Past its allowance a request is answered 429 with
 * `Retry-After`; with REDIS_URL every instance counts into the same window.
 */
export const RATE_RULES = {
  signInFailuresPerEmail: {
    max: 5,
    windowMinutes: 15,
    variables: { max: 'RATE_SIGNIN_FAILURES_PER_EMAIL', window: 'RATE_SIGNIN_FAILURES_WINDOW_MINUTES' },
    meaning:
      'Sign-in attempts for one email, counted before the password is checked (so simultaneous guesses count too); a successful sign-in clears the count',
  },
  signInAttemptsPerIp: {
    max: 30,
    windowMinutes: 15,
    variables: { max: 'RATE_SIGNIN_PER_IP', window: 'RATE_SIGNIN_WINDOW_MINUTES' },
    meaning: 'Sign-in attempts from one address',
  },
  signUpsPerIp: {
    max: 20,
    windowMinutes: 60,
    variables: { max: 'RATE_SIGNUP_PER_IP', window: 'RATE_SIGNUP_WINDOW_MINUTES' },
    meaning: 'Sign-ups from one address',
  },
  passwordChangesPerUser: {
    max: 5,
    windowMinutes: 60,
    variables: { max: 'RATE_PASSWORD_CHANGES_PER_USER', window: 'RATE_PASSWORD_CHANGES_WINDOW_MINUTES' },
    meaning: 'Password changes by one account, and checks of its password before a sensitive change',
  },
  accountEmails: {
    max: 5,
    windowMinutes: 60,
    variables: { max: 'RATE_ACCOUNT_EMAILS', window: 'RATE_ACCOUNT_EMAILS_WINDOW_MINUTES' },
    meaning: 'Reset and confirmation emails asked for per address, and per client address',
  },
  newsletterRequestsPerAddress: {
    max: 5,
    windowMinutes: 60,
    variables: { max: 'RATE_NEWSLETTER_PER_ADDRESS', window: 'RATE_NEWSLETTER_PER_ADDRESS_WINDOW_MINUTES' },
    meaning: 'Newsletter subscription requests for one email address, to any list',
  },
  newsletterRequestsPerIp: {
    max: 30,
    windowMinutes: 60,
    variables: { max: 'RATE_NEWSLETTER_PER_IP', window: 'RATE_NEWSLETTER_PER_IP_WINDOW_MINUTES' },
    meaning: 'Newsletter subscription requests from one client address',
  },
  requestsPerApiKey: {
    max: 5000,
    windowMinutes: 60,
    variables: { max: 'RATE_REQUESTS_PER_API_KEY', window: 'RATE_REQUESTS_PER_API_KEY_WINDOW_MINUTES' },
    meaning: 'Requests one personal access token may make (see [API keys](api.md#api-keys))',
  },
  commentsPerUser: {
    max: 20,
    windowMinutes: 10,
    variables: { max: 'RATE_COMMENTS_PER_USER', window: 'RATE_COMMENTS_WINDOW_MINUTES' },
    meaning: 'Comments and replies by one account',
  },
  mentionsPerUser: {
    max: 30,
    windowMinutes: 60,
    variables: { max: 'RATE_MENTIONS_PER_USER', window: 'RATE_MENTIONS_WINDOW_MINUTES' },
    meaning: 'People one account may `@mention`, each person counted',
  },
  postsPerUser: {
    max: 30,
    windowMinutes: 60,
    variables: { max: 'RATE_POSTS_PER_USER', window: 'RATE_POSTS_WINDOW_MINUTES' },
    meaning: 'Posts (drafts included) one account may create; saving a post is not counted',
  },
  followsPerUser: {
    max: 100,
    windowMinutes: 60,
    variables: { max: 'RATE_FOLLOWS_PER_USER', window: 'RATE_FOLLOWS_WINDOW_MINUTES' },
    meaning: 'Follows by one account',
  },
  favoritesPerUser: {
    max: 300,
    windowMinutes: 60,
    variables: { max: 'RATE_FAVORITES_PER_USER', window: 'RATE_FAVORITES_WINDOW_MINUTES' },
    meaning: 'Favorites by one account; taking one back is not counted',
  },
  publicationsPerUser: {
    max: 10,
    windowMinutes: 24 * 60,
    variables: { max: 'RATE_PUBLICATIONS_PER_USER', window: 'RATE_PUBLICATIONS_WINDOW_MINUTES' },
    meaning: 'Publications one account may start',
  },
  invitationsPerUser: {
    max: 50,
    windowMinutes: 60,
    variables: { max: 'RATE_INVITATIONS_PER_USER', window: 'RATE_INVITATIONS_WINDOW_MINUTES' },
    meaning: 'Invitations to publications one account may send',
  },
  mediaUploadsPerUser: {
    max: 60,
    windowMinutes: 60,
    variables: { max: 'MEDIA_UPLOADS_PER_HOUR' },
    meaning: 'Picture uploads one writer may make in an hour',
  },
  reportsPerUser: {
    max: 20,
    windowMinutes: 60,
    // Plenty for real abuse, too few to flood the moderation queue.
    meaning: 'Reports one reader may send',
  },
  exportsPerUser: {
    max: 10,
    windowMinutes: 60,
    // Each export reads every post and picture of the account.
    meaning: 'Exports one account may ask for',
  },
  handleLookupsPerUser: {
    max: 600,
    windowMinutes: 10,
    variables: { max: 'RATE_HANDLE_LOOKUPS_PER_USER', window: 'RATE_HANDLE_LOOKUPS_WINDOW_MINUTES' },
    // The comment box asks once a keystroke after `@`: plenty for writing, slow for listing everyone.
    meaning: 'Lookups of people to `@mention` by one account (the comment box asks as one types)',
  },
  inboxPerServer: {
    max: 300,
    windowMinutes: 1,
    variables: { max: 'RATE_INBOX_PER_SERVER', window: 'RATE_INBOX_WINDOW_MINUTES' },
    // A busy Mastodon server delivers a few activities a second at most; a flood from one host is refused.
    meaning: 'Activities one other server (by host name) may post to the inboxes',
  },
  webhookTestsPerUser: {
    max: 10,
    windowMinutes: 10,
    meaning: 'Test events one account may send to its webhooks',
  },
} as const satisfies Record<string, RateRule>;

export type RateRuleName = keyof typeof RATE_RULES;
export type RateLimits = Record<RateRuleName, RateLimitRule>;

const MINUTE = 60_000;

/** The variables of the rate rules that have them: the allowance, and the window in minutes. */
function rateVariables(): Record<string, Variable<number>> {
  const variables: Record<string, Variable<number>> = {};
  for (const rule of Object.values(RATE_RULES) as RateRule[]) {
    if (!rule.variables) continue;
    // An upload allowance of 0 would refuse every upload; the others have always allowed 0.
    const min = rule.variables.window ? 0 : 1;
    variables[rule.variables.max] = {
      section: 'Rate limits',
      meaning: rule.meaning,
      ...integer(rule.max, { min }),
    };
    if (rule.variables.window) {
      variables[rule.variables.window] = {
        section: 'Rate limits',
        meaning: `The window of \`${rule.variables.max}\`, in minutes`,
        ...integer(rule.windowMinutes),
      };
    }
  }
  return variables;
}

/** Every variable Inkwell reads, by name. */
export const ALL_VARIABLES: Record<string, Variable> = { ...VARIABLES, ...rateVariables() };

type Values = { [Name in keyof typeof VARIABLES]: z.output<(typeof VARIABLES)[Name]['schema']> };

const environmentSchema = z
  .object(
    Object.fromEntries(Object.entries(ALL_VARIABLES).map(([name, variable]) => [name, variable.schema])),
  )
  .superRefine((values, ctx) => {
    const { HTTP_REQUEST_TIMEOUT_MS: request, HTTP_HEADERS_TIMEOUT_MS: headers } = values as Values;
    if (request > 0 && headers > request) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_MS'],
        message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS',
      });
    }
  });

/** A configuration that cannot be used; `problems` has one line per bad variable, naming it. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `Inkwell cannot start: its configuration is invalid.\n${problems.map((line) => `  ${line}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Reads the configuration from `env` (the process's environment unless told), all variables at
 * once: a ConfigError lists every bad one. An empty variable counts as unset.
 */
export function loadConfig(env: Env = process.env, defaults: { webDir?: string } = {}) {
  const present = Object.fromEntries(
    Object.keys(ALL_VARIABLES)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  );
  const result = environmentSchema.safeParse(present);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  return configFrom(result.data as Values & Record<string, number>, defaults);
}

function configFrom(values: Values & Record<string, number>, defaults: { webDir?: string }) {
  const s3Endpoint = values.MEDIA_S3_ENDPOINT;
  const rateLimits = Object.fromEntries(
    Object.entries(RATE_RULES).map(([name, rule]: [string, RateRule]) => [
      name,
      {
        max: rule.variables ? values[rule.variables.max]! : rule.max,
        windowMs: (rule.variables?.window ? values[rule.variables.window]! : rule.windowMinutes) * MINUTE,
      },
    ]),
  ) as RateLimits;
  return {
    port: values.PORT,
    host: values.HOST,
    /** Unset: SQLite file in dataDir. `postgres://…`: PostgreSQL. `:memory:` for tests. */
    databaseUrl: values.DATABASE_URL,
    postgresPoolMax: values.PG_POOL_MAX,
    dataDir: resolve(values.DATA_DIR),
    /** Unset: generated once and kept where every instance finds it (modules/instance/jwt-secret.ts). */
    jwtSecret: values.JWT_SECRET,
    jwtTtlSeconds: values.JWT_TTL_SECONDS,
    corsOrigins: values.CORS_ORIGIN ?? [],
    adminEmails: values.ADMIN_EMAILS,
    trustProxy: values.TRUST_PROXY,
    seedDemo: values.SEED_DEMO,
    webDir: values.WEB_DIR ? resolve(values.WEB_DIR) : defaults.webDir,
    logLevel: values.LOG_LEVEL,
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    baseDomain: values.BASE_DOMAIN,
    dnsResolvers: values.DNS_RESOLVERS,
    domainCheckIntervalMinutes: values.DOMAIN_CHECK_INTERVAL_MINUTES,
    responseCacheTtlMs: values.RESPONSE_CACHE_TTL_MS,
    responseCacheMaxBytes: values.RESPONSE_CACHE_MAX_MB * 1024 * 1024,
    rateLimits,
    passwordHashing: {
      concurrency: values.PASSWORD_HASH_CONCURRENCY ?? defaultHashConcurrency(),
      maxWaiting: values.PASSWORD_HASH_QUEUE,
    },
    http: {
      requestTimeoutMs: values.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: values.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveTimeoutMs: values.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: values.HTTP_MAX_CONNECTIONS,
      shutdownGraceMs: values.HTTP_SHUTDOWN_GRACE_MS,
    } satisfies HttpServerLimits,
    serveSourceMaps: values.SERVE_SOURCE_MAPS,
    hsts: values.HSTS as HstsMode,
    metrics: {
      token: values.METRICS_TOKEN,
      port: values.METRICS_PORT,
      host: values.METRICS_HOST,
    } satisfies MetricsExposure,
    redisUrl: values.REDIS_URL,
    redisKeyPrefix: values.REDIS_KEY_PREFIX,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    newsletters: {
      ratePerSecond: values.NEWSLETTER_SEND_RATE,
      connections: values.NEWSLETTER_SMTP_CONNECTIONS,
      unsubscribeMailto: values.LIST_UNSUBSCRIBE_MAILTO,
      dkim:
        values.DKIM_DOMAIN && values.DKIM_SELECTOR && values.DKIM_PRIVATE_KEY
          ? {
              domainName: values.DKIM_DOMAIN,
              keySelector: values.DKIM_SELECTOR,
              privateKey: values.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
            }
          : undefined,
      /** The queue's timing (tests shorten it); unset: NEWSLETTER_SEND_DEFAULTS. */
      queue: undefined as Partial<typeof NEWSLETTER_SEND_DEFAULTS> | undefined,
    },
    media: {
      s3: values.MEDIA_S3_BUCKET
        ? {
            bucket: values.MEDIA_S3_BUCKET,
            region: values.MEDIA_S3_REGION,
            endpoint: s3Endpoint,
            accessKeyId: values.MEDIA_S3_ACCESS_KEY_ID,
            secretAccessKey: values.MEDIA_S3_SECRET_ACCESS_KEY,
            forcePathStyle: values.MEDIA_S3_FORCE_PATH_STYLE ?? Boolean(s3Endpoint),
          }
        : undefined,
      limits: {
        quotaBytes: values.MEDIA_QUOTA_MB * 1024 * 1024,
        concurrency: values.MEDIA_PROCESSING_CONCURRENCY,
        maxWaiting: values.MEDIA_PROCESSING_QUEUE,
      },
      remote: {
        allowPrivateNetworks: values.MEDIA_FETCH_ALLOW_PRIVATE_NETWORKS,
        timeoutMs: values.MEDIA_FETCH_TIMEOUT_MS,
      },
    },
    webhooks: {
      allowPrivateNetworks: values.WEBHOOKS_ALLOW_PRIVATE_NETWORKS,
      pollIntervalMs: values.WEBHOOKS_POLL_INTERVAL_MS,
      timeoutMs: values.WEBHOOKS_TIMEOUT_MS,
      maxAttempts: values.WEBHOOKS_MAX_ATTEMPTS,
      // 30 s, 1 min, 2 min … (each between half and all of that): eight attempts span about an hour.
      backoffBaseMs: 30_000,
      backoffMaxMs: 60 * MINUTE,
      /** Tests answer names their own way; otherwise the system's resolver (dns.lookup). */
      resolve: undefined as HostResolver | undefined,
    },
    federation: {
      allowPrivateNetworks: values.FEDERATION_ALLOW_PRIVATE_NETWORKS,
      timeoutMs: values.FEDERATION_TIMEOUT_MS,
      pollIntervalMs: values.FEDERATION_POLL_INTERVAL_MS,
      maxAttempts: values.FEDERATION_MAX_ATTEMPTS,
      // 1 min, 2 min, 4 min … up to 12 h (each between half and all of that).
      backoffBaseMs: MINUTE,
      backoffMaxMs: 12 * 60 * MINUTE,
      /** Tests answer names their own way; otherwise the system's resolver (dns.lookup). */
      resolve: undefined as HostResolver | undefined,
    },
    /**
     * Check every JSON answer against its route's declared schema (server/openapi), failing the
     * request on a mismatch. For the API tests; never set from the environment.
     */
    checkApiAnswers: false as boolean,
    /** The account-email queue's timing (tests shorten it); unset: MAIL_QUEUE_DEFAULTS. */
    mailQueue: undefined as Partial<MailQueueOptions> | undefined,
  };
}

export type AppConfig = ReturnType<typeof configFrom>;
export type WebhooksConfig = AppConfig['webhooks'];
export type FederationConfig = AppConfig['federation'];
export type MediaConfig = AppConfig['media'];

/** `auto`: only on requests that came over HTTPS; `always`: every answer; `off`: never. */
export type HstsMode = 'auto' | 'always' | 'off';

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

/**
 * Where Prometheus may scrape /metrics (docs/decisions/0015-metrics-exposure.md). With neither a
 * token nor a port, metrics are neither collected nor served.
 */
export interface MetricsExposure {
  token: string | undefined;
  port: number | undefined;
  host: string;
}

/** The HTTP server's limits from `env` alone (tests). */
export function loadHttpServerLimits(env: Env = {}): HttpServerLimits {
  return loadConfig(env).http;
}

/** The webhooks' settings from `env` alone (tests). */
export function loadWebhooksConfig(env: Env = {}): WebhooksConfig {
  return loadConfig(env).webhooks;
}
