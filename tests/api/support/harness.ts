import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import type { PageRendererModule } from '../../../contracts/page-rendering';
import { buildApp } from '../../../server/app';
import { loadConfig, RATE_RULES, type AppConfig, type RateLimits } from '../../../server/config';
import type { Database, DialectName } from '../../../server/db/database';
import { createTestDatabase, postgresAvailable } from './test-databases';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';

const GENEROUS = { max: 10_000, windowMs: 60_000 };

/** A test's changes to the configuration; the rate limits it names replace those rules only. */
export type TestConfigOverrides = Omit<Partial<AppConfig>, 'rateLimits'> & {
  rateLimits?: Partial<RateLimits>;
};

/** The configuration of an unconfigured server, made for tests; `overrides` are merged on top. */
export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const { rateLimits, ...rest } = overrides;
  return {
    ...loadConfig({ DATA_DIR: '.tmp', PUBLIC_URL: 'http://inkwell.test' }),
    port: 0,
    jwtSecret: TEST_JWT_SECRET,
    jwtTtlSeconds: 3600,
    seedDemo: false,
    logLevel: 'silent',
    passwordHashing: { concurrency: 2, maxWaiting: 1000 },
    // Every answer of every API test is checked against its route's declaration.
    checkApiAnswers: true,
    ...rest,
    // Tests sign in and write often; the rate-limit tests set the rules they test.
    rateLimits: {
      ...(Object.fromEntries(Object.keys(RATE_RULES).map((name) => [name, GENEROUS])) as RateLimits),
      ...rateLimits,
    },
  };
}

export interface ApiContext {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly dialect: DialectName;
}

export const DIALECTS: DialectName[] = ['sqlite', 'postgres'];

/**
 * Runs the same suite on SQLite and on PostgreSQL (Kysely's own test-suite pattern). Each
 * describe block gets a fresh, migrated database and app. PostgreSQL is skipped, visibly, only
 * when it does not answer outside CI.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: ApiContext) => void,
  options: { config?: TestConfigOverrides; pages?: () => Promise<PageRendererModule> } = {},
): void {
  for (const dialect of DIALECTS) {
    const skip = dialect === 'postgres' && !postgresAvailable;
    const describeFn = skip ? describe.skip : describe;
    describeFn(`${name} [${dialect}${skip ? ': PostgreSQL not reachable, skipped' : ''}]`, () => {
      let app: FastifyInstance | undefined;
      let database: Database | undefined;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const created = await createTestDatabase(dialect);
        database = created.database;
        dispose = created.dispose;
        const pages = options.pages ? await options.pages() : undefined;
        app = await buildApp({ config: testConfig(options.config), database, ...(pages ? { pages } : {}) });
        await app.ready();
      });
      afterAll(async () => {
        await app?.close();
        await dispose?.();
      });
      suite({
        get app() {
          if (!app) throw new Error('app used before beforeAll');
          return app;
        },
        get database() {
          if (!database) throw new Error('database used before beforeAll');
          return database;
        },
        dialect,
      });
    });
  }
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

/** app.inject with JSON in and JSON out, and an optional bearer token. */
export async function request<T = Record<string, unknown>>(
  ctx: ApiContext,
  options: InjectOptions & { token?: string },
): Promise<JsonResponse<T>> {
  const { token, headers, ...rest } = options;
  const response = await ctx.app.inject({
    ...rest,
    headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: unknown = undefined;
  const text = response.body;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.statusCode, body: body as T, headers: response.headers, raw: response };
}

let userCounter = 0;

export interface TestUser {
  id: string;
  token: string;
  username: string;
  email: string;
  password: string;
}

/** Signs up a new, unique user through the API. */
export async function signUpUser(
  ctx: ApiContext,
  overrides: Partial<{ username: string; email: string; password: string }> = {},
): Promise<TestUser> {
  userCounter += 1;
  const suffix = `${process.pid}-${userCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const input = {
    username: overrides.username ?? `writer${userCounter}`,
    email: overrides.email ?? `writer-${suffix}@example.com`,
    password: overrides.password ?? 'correct horse battery',
  };
  const response = await request<{ jwt: string; userId: string; username: string }>(ctx, {
    method: 'POST',
    url: '/api/user/signup',
    payload: input,
  });
  if (response.status !== 201) {
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { id: response.body.userId, token: response.body.jwt, ...input };
}

/** A user's handle as stored (what /@handle, mention links and author links address them by). */
export async function handleOf(ctx: ApiContext, userId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('handle')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.handle === null) throw new Error(`user ${userId} has no handle`);
  return row.handle;
}
