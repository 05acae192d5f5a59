import type { FastifyInstance, FastifyRequest, FastifySchema, preValidationAsyncHookHandler } from 'fastify';
import { FORBIDDEN_NOT_OPERATOR_MESSAGE } from '../../contracts/moderation';
import type { Authenticator, Viewer } from '../modules/accounts/authenticator';
import { forbidden } from '../lib/http-errors';
import { ACCESS_KEY, type RouteAccess } from './route-schema';

/** What a declared `access` promises the handler in `request.viewer`. */
type ViewerOf<Access> = Access extends 'public' | 'metrics-token' | 'http-signature'
  ? null
  : Access extends 'optional'
    ? Viewer | null
    : Viewer;

declare module 'fastify' {
  // A merged declaration must repeat Fastify's type parameters by name, used or not.
  /* eslint-disable @typescript-eslint/no-unused-vars */
  interface FastifyRequest<
    RouteGeneric,
    RawServer,
    RawRequest,
    SchemaCompiler extends FastifySchema,
    TypeProvider,
    ContextConfig,
    Logger,
    RequestType,
  > {
    /**
     * Who is asking, as the route's declared `access` established it before the input was read:
     * a Viewer on routes that need a token, Viewer or null on `optional` ones, null on public
     * ones (and on routes declared without the gate).
     */
    viewer: SchemaCompiler extends { [ACCESS_KEY]: infer Access } ? ViewerOf<Access> : Viewer | null;
  }
  /* eslint-enable @typescript-eslint/no-unused-vars */
}

/** A gated route as declared: what the route-walk test checks against what the route does. */
export interface GatedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the gate guards, with its declared access, in the order they were added. */
    readonly gatedRoutes: readonly GatedRoute[];
  }
}

export interface AccessChecks {
  auth: Authenticator;
  /** ADMIN_EMAILS, or the first account (docs/decisions/0042-operators-and-moderation.md). */
  operators: { isOperator(userId: string): Promise<boolean> };
}

type Resolve = (request: FastifyRequest) => Promise<Viewer | null>;

/**
 * How each kind of access is established: 401 without a valid token, 403 for a key where only a
 * sign-in may act, for a read-only key on a change, and for a non-operator on the operators' routes.
 * Rules that depend on the data (a post's author, a role in a publication) are the services'.
 */
function resolvers({ auth, operators }: AccessChecks): Partial<Record<RouteAccess, Resolve>> {
  return {
    optional: (request) => auth.optional(request),
    token: (request) => auth.require(request),
    'sign-in': (request) => auth.requireSession(request),
    operator: async (request) => {
      // A sign-in only, so a leaked API key cannot moderate.
      const viewer = await auth.requireSession(request);
      if (!(await operators.isOperator(viewer.id))) throw forbidden(FORBIDDEN_NOT_OPERATOR_MESSAGE);
      return viewer;
    },
  };
}

/**
 * Enforces every declared route's `access` (server/openapi/route-schema.ts, declareRoute) in a
 * preValidation hook of its own: after the body is read (a malformed body stays a 400, as it was
 * before the gate), before the declared schemas check the input, so a request without the right
 * token is a 401 or 403 whatever its input (decision 41). The handler reads `request.viewer`.
 * Install before the routes it guards are added: it learns them as they are.
 */
export function installRouteGate(app: FastifyInstance, checks: AccessChecks): void {
  app.decorateRequest('viewer', null);
  const gated: GatedRoute[] = [];
  app.decorate('gatedRoutes', gated);
  const byAccess = resolvers(checks);
  const hooks = new Map<RouteAccess, preValidationAsyncHookHandler>();
  for (const [access, resolve] of Object.entries(byAccess) as [RouteAccess, Resolve][]) {
    hooks.set(access, async (request) => {
      request.viewer = await resolve(request);
    });
  }
  app.addHook('onRoute', (route) => {
    const access = (route.schema as { [ACCESS_KEY]?: RouteAccess } | undefined)?.[ACCESS_KEY];
    if (access === undefined) return;
    for (const method of [route.method].flat()) gated.push({ method, url: route.url, access });
    if (access === 'metrics-token') {
      throw new Error(`${route.url}: the metrics token is checked by the metrics plugin, not the gate`);
    }
    const hook = hooks.get(access);
    if (!hook) return;
    const existing = route.preValidation;
    route.preValidation = [
      hook,
      ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing]),
    ];
  });
}
