import { describe, expect, it } from 'vitest';
import { loadConfig, parsePublicUrl } from './config';

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
});
