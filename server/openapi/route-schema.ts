import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { exampleError } from './examples';

/**
 * One declaration per route (docs/decisions/0041-openapi-from-the-routes.md, 0052): what it takes,
 * what it answers, who may call it. Its access is enforced and its Zod schemas (the ones the web
 * app's forms validate with) are the route's validator (server/openapi/route-gate.ts,
 * server/lib/validation.ts); the OpenAPI document is made from them, and the API tests check every
 * answer against them.
 */

/**
 * Who may call a route: anyone; anyone, a token adding the viewer's fields; a token (a sign-in or
 * an API key); a sign-in only; an operator's sign-in (ADMIN_EMAILS); the METRICS_TOKEN.
 */
export type RouteAccess =
  'public' | 'optional' | 'token' | 'sign-in' | 'operator' | 'metrics-token' | 'http-signature';

/** The areas the reference groups routes under, in its order. */
export const API_TAGS = [
  { name: 'Accounts', description: 'Sign-up, sign-in, settings and recovery.' },
  { name: 'API keys', description: 'Personal access tokens for scripts (a sign-in manages them).' },
  { name: 'Webhooks', description: 'Signed notices of your posts and comments, sent to your servers.' },
  { name: 'Posts', description: 'Writing and reading posts, drafts and pictures.' },
  {
    name: 'Publications',
    description: "Writers' own blogs and teams' publications: members, invitations, custom domains.",
  },
  {
    name: 'Newsletters',
    description:
      "Readers' email subscriptions to a writer's blog or a publication: double opt-in, one-click unsubscribe.",
  },
  {
    name: 'Stats',
    description:
      "Writers' first-party figures: views, unique visitors, reads and sources, without a cookie or personal data (decision 63).",
  },
  {
    name: 'Series',
    description:
      "Posts grouped into an ordered series by their writer or their publication's editors (decision 78).",
  },
  { name: 'Comments', description: 'Discussions, replies and in-line comments.' },
  { name: 'People', description: 'Profiles, follows, favorites and blocks.' },
  { name: 'Topics', description: 'Tags, their pages and follows.' },
  { name: 'Discovery', description: 'Search and the side panel.' },
  { name: 'Notifications', description: "The bell's lines." },
  { name: 'Open web', description: 'Feeds, sitemaps and robots.txt for crawlers and feed readers.' },
  {
    name: 'Social web',
    description:
      'ActivityPub for Mastodon and the fediverse: WebFinger, NodeInfo, writers and publications as actors, posts as Articles (decision 70).',
  },
  {
    name: 'Moderation',
    description:
      "Readers' reports, and the operators' tools under /api/admin: hiding, deleting, suspending, staff picks, testimonials, the audit log (decision 42).",
  },
  { name: 'Operations', description: 'Health checks for load balancers.' },
  {
    name: 'RealWorld (Conduit)',
    description:
      'The RealWorld specification\'s API on the same data, for its frontends: `Authorization: Token <jwt>`, errors as `{"errors": {"field": ["..."]}}` (decision 40).',
  },
] as const;
export type ApiTag = (typeof API_TAGS)[number]['name'];

/** The body of every non-2xx answer (contracts/errors.ts). */
export const errorBodySchema = z
  .strictObject({
    message: z.string().describe('What went wrong, worded for a person.'),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Field name → messages, for input that failed validation.'),
    currentVersion: z.number().int().optional().describe("A stale edit's 409: the post's version now."),
  })
  .meta({ id: 'Error', examples: [exampleError] });

/** An answer that is not JSON: a file, a feed, a zip. Documented by its media type alone. */
export interface RawAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/** A 304 to a conditional request: no body (a null schema is documented as no content). */
export const NOT_MODIFIED = z.null().describe('Not modified since the validator the client sent.');

/** A 204: nothing in the body. */
export const NO_CONTENT = z.null().describe('Done; nothing to answer.');

export function rawAnswer(description: string, ...mediaTypes: string[]): RawAnswer {
  return {
    description,
    content: Object.fromEntries(mediaTypes.map((type) => [type, { schema: z.string() }])),
  };
}

/** Where a declaration's body example waits for the document's transform. */
export const BODY_EXAMPLE_KEY = 'x-body-example';

export interface RouteDeclaration {
  summary: string;
  description?: string;
  tag: ApiTag;
  access: RouteAccess;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** A body a first call could send, shown in the reference. */
  bodyExample?: unknown;
  /** The body's media types when it is not JSON (an upload). */
  consumes?: string[];
  /** Answers by status: a Zod schema of the JSON, or a raw media type. Errors are added. */
  answers: Partial<Record<200 | 201 | 202 | 204 | 304 | 503, z.ZodType | RawAnswer>>;
}

const BEARER = [{ bearer: [] }];
const SECURITY: Record<RouteAccess, { bearer?: never[]; httpSignature?: never[] }[]> = {
  public: [],
  // An empty requirement first: calling without a token is fine.
  optional: [{}, ...BEARER],
  token: BEARER,
  'sign-in': BEARER,
  operator: BEARER,
  'metrics-token': BEARER,
  'http-signature': [{ httpSignature: [] }],
};

const ACCESS_NOTES: Record<RouteAccess, string | undefined> = {
  public: undefined,
  optional: "A token is optional: with one, the answer carries the viewer's own fields.",
  token: 'Needs a token: a sign-in, or an API key (a `read` key only for GET).',
  'sign-in': 'Needs a sign-in token: API keys are refused with 403.',
  operator:
    "Needs an operator's sign-in token (ADMIN_EMAILS, or the first account): 401 without one, 403 for anyone else and for API keys.",
  'metrics-token':
    'Needs the bearer token the operator set in METRICS_TOKEN; a 404 when metrics are not exposed here.',
  'http-signature':
    "Needs an HTTP Signature by a key of the activity's actor (draft-cavage-12 or RFC 9421), checked before anything is done: 401 without one or with one that does not check out.",
};

/**
 * A declaration that only documents its route: for the few that check their own input and caller
 * (feeds and sitemaps answer 404 to a query that names nothing; /metrics checks METRICS_TOKEN).
 * Every other route is declared with declareRoute.
 */
export function routeSchema(route: RouteDeclaration): FastifySchema {
  return documentedSchema(route);
}

/** Where a gated declaration's access waits for the gate (server/openapi/route-gate.ts). */
export const ACCESS_KEY = 'x-access';

/**
 * A declaration's Fastify schema, typed for fastify-type-provider-zod: the route's handler gets
 * `request.query`, `request.params` and `request.body` as the declared schemas' output, and
 * `request.viewer` as its `access` promises (server/openapi/route-gate.ts). An upload's body
 * (`consumes`) is read from the stream by the handler and only documented here.
 */
export type GatedSchema<D extends RouteDeclaration> = Omit<
  FastifySchema,
  'querystring' | 'params' | 'body'
> & {
  querystring: D['querystring'];
  params: D['params'];
  body: D extends { consumes: string[] } ? undefined : D['body'];
  [ACCESS_KEY]: D['access'];
};

/**
 * The declaration as the only gate of its route: `access` is enforced before the input is read,
 * then the declared schemas are Fastify's validator (docs/decisions/0052-the-route-declaration-is-the-gate.md).
 */
export function declareRoute<const D extends RouteDeclaration>(route: D): GatedSchema<D> {
  return { ...documentedSchema(route), [ACCESS_KEY]: route.access } as unknown as GatedSchema<D>;
}

function documentedSchema(route: RouteDeclaration): FastifySchema {
  const notes = [route.description, ACCESS_NOTES[route.access]].filter(Boolean).join('\n\n');
  return {
    summary: route.summary,
    ...(notes ? { description: notes } : {}),
    tags: [route.tag],
    security: SECURITY[route.access],
    ...(route.querystring ? { querystring: route.querystring } : {}),
    ...(route.params ? { params: route.params } : {}),
    ...(route.body ? { body: route.body } : {}),
    // Put on the document's body schema by the transform (server/plugins/openapi.ts).
    ...(route.bodyExample === undefined ? {} : { [BODY_EXAMPLE_KEY]: route.bodyExample }),
    ...(route.consumes ? { consumes: route.consumes } : {}),
    response: { ...route.answers, '4xx': errorBodySchema, '5xx': errorBodySchema },
  };
}
