import { beforeAll, expect, it } from 'vitest';
import {
  API_KEY_NOT_ALLOWED_MESSAGE,
  API_KEY_READ_ONLY_MESSAGE,
  type ApiKeyScope,
} from '../../contracts/api-keys';
import { FORBIDDEN_NOT_OPERATOR_MESSAGE } from '../../contracts/moderation';
import { FEED_PATHS } from '../../contracts/feeds';
import { SITEMAP_PATHS } from '../../server/modules/sitemap/sitemap-service';
import type { GatedRoute } from '../../server/openapi/route-gate';
import { METRICS_PATH } from '../../server/plugins/metrics';
import { describeEachDatabase, request, signUpUser, type ApiContext, type TestUser } from './support/harness';

/**
 * Walks every route the gate guards and checks its declared `access` against what it does
 * (docs/decisions/0052-the-route-declaration-is-the-gate.md). Only requests the gate refuses, and
 * GETs, are sent: nothing here reaches a handler that changes data.
 */

/**
 * Declared with routeSchema, documentation only: the feeds and sitemaps answer 404 to any query
 * that names nothing (they are pages for crawlers), and /metrics checks its own METRICS_TOKEN.
 */
const SELF_CHECKED = [...Object.values(FEED_PATHS), ...Object.values(SITEMAP_PATHS), METRICS_PATH].map(
  (path) => `GET ${path}`,
);

const SAMPLE_ID = '0192f3a4-5b6c-7d8e-9f01-23456789abcd';

/** A path the route matches: every `:param` filled with a well-formed id (or word). */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, (param) => (param === ':id' ? SAMPLE_ID : 'someone'));
}

const describeRoute = (route: GatedRoute) => `${route.method} ${route.url} (${route.access})`;

async function apiKey(ctx: ApiContext, owner: TestUser, scope: ApiKeyScope): Promise<string> {
  const created = await request<{ response: { token: string } }>(ctx, {
    method: 'POST',
    url: '/api/user/keys',
    token: owner.token,
    payload: { name: `walk ${scope}`, scope },
  });
  expect(created.status).toBe(201);
  return created.body.response.token;
}

describeEachDatabase('every route enforces the access it declares', (ctx) => {
  let operator: TestUser;
  let reader: TestUser;
  let readKey: string;
  let writeKey: string;
  let routes: GatedRoute[];

  beforeAll(async () => {
    // With no ADMIN_EMAILS, the first account is the operator.
    operator = await signUpUser(ctx);
    reader = await signUpUser(ctx);
    readKey = await apiKey(ctx, reader, 'read');
    writeKey = await apiKey(ctx, reader, 'write');
    routes = ctx.app.gatedRoutes.filter((route) => route.method !== 'HEAD');
  });

  const send = (route: GatedRoute, token?: string) =>
    request(ctx, {
      method: route.method as 'GET',
      url: concrete(route.url),
      ...(token ? { token } : {}),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  const refusals = (status: number, body: unknown) => `${status} ${JSON.stringify(body)}`;

  it('guards every route the reference documents, but those that read their own input', async () => {
    const document = await request<{ paths: Record<string, Record<string, unknown>> }>(ctx, {
      method: 'GET',
      url: '/api/openapi.json',
    });
    const documented = Object.entries(document.body.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const gated = new Set(routes.map((route) => `${route.method} ${route.url}`));
    expect(documented.filter((operation) => !gated.has(operation)).sort()).toEqual([...SELF_CHECKED].sort());
  });

  it('answers 401 to an anonymous request wherever a token is needed', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => ['token', 'sign-in', 'operator'].includes(route.access))) {
      const answer = await send(route);
      if (answer.status !== 401)
        failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 401 to a token that is not valid wherever a token is needed', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => ['token', 'sign-in', 'operator'].includes(route.access))) {
      const answer = await send(route, 'not-a-token');
      if (answer.status !== 401)
        failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets anyone through where the route is public or a token optional, even with a stale token', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => ['public', 'optional'].includes(route.access))) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await send(route, token);
        if (answer.status === 401 || answer.status === 403)
          failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses API keys with 403 where only a sign-in may act, and operators’ routes to keys', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => ['sign-in', 'operator'].includes(route.access))) {
      const answer = await send(route, writeKey);
      if (answer.status !== 403 || !JSON.stringify(answer.body).includes(API_KEY_NOT_ALLOWED_MESSAGE))
        failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a read-only key with 403 on every change, and lets it read', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => route.access === 'token')) {
      const answer = await send(route, readKey);
      const refused =
        answer.status === 403 && JSON.stringify(answer.body).includes(API_KEY_READ_ONLY_MESSAGE);
      if (refused !== (route.method !== 'GET'))
        failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers 403 to a signed-in reader on the operators’ routes', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => route.access === 'operator')) {
      const answer = await send(route, reader.token);
      if (answer.status !== 403 || !JSON.stringify(answer.body).includes(FORBIDDEN_NOT_OPERATOR_MESSAGE))
        failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('lets the right viewer read: a sign-in, a write key where keys may, an operator', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((route) => route.method === 'GET')) {
      const tokens =
        route.access === 'operator'
          ? [operator.token]
          : route.access === 'sign-in'
            ? [reader.token]
            : [reader.token, writeKey, readKey];
      for (const token of tokens) {
        const answer = await send(route, token);
        if (answer.status === 401 || answer.status === 403)
          failures.push(`${describeRoute(route)}: ${refusals(answer.status, answer.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the token, then the query, then the body: a query naming nothing is the 404 whatever the body', async () => {
    const anonymous = await request(ctx, {
      method: 'PUT',
      url: '/api/post/blog?id=nope',
      payload: { title: 7 },
    });
    expect(anonymous.status).toBe(401);
    const unknown = await request(ctx, {
      method: 'PUT',
      url: '/api/post/blog?id=nope',
      token: reader.token,
      payload: { title: 7 },
    });
    expect(unknown.status).toBe(404);
    const badBody = await request(ctx, {
      method: 'PUT',
      url: `/api/post/blog?id=${SAMPLE_ID}`,
      token: reader.token,
      payload: { title: 7 },
    });
    expect(badBody.status).toBe(400);
  });
});
