import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_VARIABLES, ConfigError, loadConfig, parsePublicUrl, RATE_RULES } from './config';

describe('parsePublicUrl', () => {
  it('defaults to localhost on the configured port', () => {
    expect(parsePublicUrl(undefined, 3000)).toBe('http://localhost:3000');
    expect(parsePublicUrl('', 8080)).toBe('http://localhost:8080');
  });
  it('keeps an origin and a path, without the trailing slash', () => {
    expect(parsePublicUrl('https://blog.example.com/', 3000)).toBe('https://blog.example.com');
    expect(parsePublicUrl('https://example.com/blog/', 3000)).toBe('https://example.com/blog');
  });
  it.each(['blog.example.com', 'ftp://example.com', 'https://example.com/?a=1', 'https://u:p@example.com'])(
    'refuses %s',
    (raw) => {
      expect(() => parsePublicUrl(raw, 3000)).toThrow(/PUBLIC_URL/);
    },
  );
});

describe('loadConfig', () => {
  const base = { DATA_DIR: '/tmp/inkwell-config-test' };

  it('reads REDIS_URL and SMTP_URL, refusing addresses of another kind', () => {
    expect(loadConfig(base)).toMatchObject({
      redisUrl: undefined,
      smtpUrl: undefined,
      redisKeyPrefix: 'inkwell:',
    });
    const configured = loadConfig({
      ...base,
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_KEY_PREFIX: 'blog:',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
    });
    expect(configured).toMatchObject({
      redisUrl: 'redis://127.0.0.1:6379',
      redisKeyPrefix: 'blog:',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
    });
    expect(() => loadConfig({ ...base, REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL/);
  });

  it('leaves JWT_SECRET unset when none is given, instead of writing a file at load time', () => {
    expect(loadConfig(base).jwtSecret).toBeUndefined();
    expect(() => loadConfig({ ...base, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('reads the HTTP server limits, keeping headers within the request deadline', () => {
    expect(loadConfig(base).http).toEqual({
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 72_000,
      maxConnections: 1_000,
      shutdownGraceMs: 5_000,
    });
    expect(
      loadConfig({
        ...base,
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_MAX_CONNECTIONS: '50',
        HTTP_SHUTDOWN_GRACE_MS: '0',
      }).http,
    ).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
      maxConnections: 50,
      shutdownGraceMs: 0,
    });
    expect(() =>
      loadConfig({ ...base, HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '2000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('reads the cache bound, the password limits, source maps and HSTS', () => {
    const config = loadConfig({
      ...base,
      RESPONSE_CACHE_MAX_MB: '8',
      RATE_PASSWORD_CHANGES_PER_USER: '2',
      PASSWORD_HASH_CONCURRENCY: '2',
      PASSWORD_HASH_QUEUE: '10',
      SERVE_SOURCE_MAPS: '1',
      HSTS: 'always',
    });
    expect(config.responseCacheMaxBytes).toBe(8 * 1024 * 1024);
    expect(config.rateLimits.passwordChangesPerUser.max).toBe(2);
    expect(config.passwordHashing).toEqual({ concurrency: 2, maxWaiting: 10 });
    expect(config.serveSourceMaps).toBe(true);
    expect(config.hsts).toBe('always');
    expect(loadConfig(base)).toMatchObject({ serveSourceMaps: false, hsts: 'auto' });
    expect(() => loadConfig({ ...base, HSTS: 'yes' })).toThrow(/HSTS/);
    expect(() => loadConfig({ ...base, PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/at least 1/);
  });

  it('reads how often custom domains are checked again: 60 minutes unless told, never 0', () => {
    expect(loadConfig(base).domainCheckIntervalMinutes).toBe(60);
    expect(loadConfig({ ...base, DOMAIN_CHECK_INTERVAL_MINUTES: '15' }).domainCheckIntervalMinutes).toBe(15);
    for (const bad of ['0', '-5', '1.5', 'hourly']) {
      expect(() => loadConfig({ ...base, DOMAIN_CHECK_INTERVAL_MINUTES: bad }), bad).toThrow(
        /DOMAIN_CHECK_INTERVAL_MINUTES/,
      );
    }
  });

  it('names every bad variable at once and says what is wrong with it', () => {
    let error: unknown;
    try {
      loadConfig({
        ...base,
        PORT: 'eighty',
        TRUST_PROXY: 'yes',
        RATE_POSTS_PER_USER: '-1',
        LOG_LEVEL: 'loud',
        JWT_SECRET: 'a secret that is far too short',
        METRICS_PORT: '70000',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a non-negative integer, not "eighty"',
      'LOG_LEVEL must be fatal, error, warn, info, debug, trace or silent, not "loud"',
      'JWT_SECRET must be at least 32 characters',
      'TRUST_PROXY must be 1 or 0, not "yes"',
      'METRICS_PORT must be from 1 to 65535',
      'RATE_POSTS_PER_USER must be a non-negative integer, not "-1"',
    ]);
    // The message is what the server prints before it exits; the secret itself never appears.
    expect((error as Error).message).toMatch(
      /^Inkwell cannot start: its configuration is invalid\.\n {2}PORT must/,
    );
    expect((error as Error).message).not.toContain('far too short');
  });

  it('counts an empty variable as unset', () => {
    expect(loadConfig({ ...base, PORT: '', HOST: '', SEED_DEMO: '', REDIS_URL: '' })).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      redisUrl: undefined,
    });
  });

  it('reads every rate rule from its row of the table: the allowance, and the window in minutes', () => {
    const defaults = loadConfig(base).rateLimits;
    expect(Object.keys(defaults).sort()).toEqual(Object.keys(RATE_RULES).sort());
    expect(defaults.publicationsPerUser).toEqual({ max: 10, windowMs: 24 * 60 * 60_000 });
    expect(defaults.mediaUploadsPerUser).toEqual({ max: 60, windowMs: 60 * 60_000 });
    expect(defaults.reportsPerUser).toEqual({ max: 20, windowMs: 60 * 60_000 });
    const configured = loadConfig({
      ...base,
      RATE_COMMENTS_PER_USER: '3',
      RATE_COMMENTS_WINDOW_MINUTES: '2',
      MEDIA_UPLOADS_PER_HOUR: '7',
    }).rateLimits;
    expect(configured.commentsPerUser).toEqual({ max: 3, windowMs: 2 * 60_000 });
    expect(configured.mediaUploadsPerUser).toEqual({ max: 7, windowMs: 60 * 60_000 });
    expect(() => loadConfig({ ...base, MEDIA_UPLOADS_PER_HOUR: '0' })).toThrow(
      /MEDIA_UPLOADS_PER_HOUR must be at least 1/,
    );
  });

  it('reads the PostgreSQL pool size like every other variable', () => {
    expect(loadConfig(base).postgresPoolMax).toBe(10);
    expect(loadConfig({ ...base, PG_POOL_MAX: '25' }).postgresPoolMax).toBe(25);
    expect(() => loadConfig({ ...base, PG_POOL_MAX: '0' })).toThrow(/PG_POOL_MAX must be at least 1/);
  });

  it('declares a meaning and a default for every variable', () => {
    for (const [name, variable] of Object.entries(ALL_VARIABLES)) {
      expect(variable.meaning, name).not.toBe('');
      expect(variable.shown, name).not.toBe('');
    }
  });
});

/** Every TypeScript file under `folder`, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => join(folder, file));
}

describe('the environment', () => {
  it('is read for configuration by server/config.ts alone', () => {
    const here = import.meta.dirname;
    const readers = sourceFiles(here)
      .filter((file) => /process\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => file.slice(here.length + 1))
      .sort();
    // server.ts sets NODE_ENV for React; the PostgreSQL backup hands its environment to pg_dump.
    expect(readers).toEqual(['config.ts', 'db/backup/postgres-backup.ts', 'server.ts']);
  });
});
