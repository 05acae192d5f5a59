import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions, preHandlerAsyncHookHandler } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };
import { answerSerializer } from '../openapi/answer-serializer';
import { ACCESS_KEY, API_TAGS, BODY_EXAMPLE_KEY } from '../openapi/route-schema';
import { inputValidatorCompiler, isZodSchema, validateInput } from '../lib/validation';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * Puts a declaration's body example on the body's JSON Schema, once converted: a Zod schema's own
 * meta does not survive the conversion of a refined or transformed body.
 */
function withBodyExamples(transform: SwaggerTransform): SwaggerTransform {
  return (document) => {
    const result = transform(document) as { schema: Record<string, unknown>; url: string };
    const { [BODY_EXAMPLE_KEY]: example, [ACCESS_KEY]: _access, ...schema } = result.schema ?? {};
    if (example !== undefined && typeof schema.body === 'object' && schema.body !== null) {
      schema.body = { ...schema.body, examples: [example] };
    }
    return { ...result, schema };
  };
}

function isDeclared(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  if ((schema as { hide?: boolean }).hide === true) return true;
  return typeof schema.summary === 'string' && schema.response !== undefined && Array.isArray(schema.tags);
}

/** A declaration made with declareRoute: its schemas are the route's validator. */
function isGated(schema: FastifySchema | undefined): schema is FastifySchema & { consumes?: unknown } {
  return schema !== undefined && ACCESS_KEY in schema;
}

const keep = () => (data: unknown) => ({ value: data });

/**
 * Makes a gated route's declared schemas its validator. Fastify checks `params`, `body`, then
 * `querystring`; a route that takes both a query and a body checks its body last, in a preHandler,
 * so that (as when handlers parsed their own input) a query naming nothing is the route's 404
 * whatever the body holds. An upload's body is a stream its handler reads: documented only.
 */
function gateInput(route: RouteOptions, schema: FastifySchema & { consumes?: unknown }): void {
  const { body, querystring } = schema;
  const streamed = Array.isArray(schema.consumes);
  const bodyLast = isZodSchema(body) && querystring !== undefined && !streamed;
  route.validatorCompiler = (part) =>
    part.httpPart === 'body' && (streamed || bodyLast) ? keep() : inputValidatorCompiler(part);
  if (!bodyLast) return;
  const checkBody: preHandlerAsyncHookHandler = async (request) => {
    const result = validateInput(body, request.body);
    if ('error' in result) throw result.error;
    request.body = result.value;
  };
  const existing = route.preHandler;
  route.preHandler = [checkBody, ...(existing === undefined ? [] : [existing].flat())];
}

export interface OpenApiOptions {
  publicUrl: string;
  /** Check every JSON answer against its route's declaration (the API tests turn this on). */
  checkAnswers: boolean;
}

const DESCRIPTION = `Everything the Inkwell web app does goes through this API: JSON in, JSON out.

Authenticate with \`Authorization: Bearer <token>\`: the \`jwt\` from sign-up or sign-in, or a
personal access token (\`ink_…\`) made in Settings → API keys. Every error is
\`{"message": "...", "errors"?: {"field": ["..."]}}\` with an honest status code. Lists are pages:
\`limit\` and an opaque \`cursor\`, answered with \`{"response": [...], "nextCursor": "..." | null}\`.`;

/**
 * The OpenAPI 3.1 document, made from the routes' own declarations (server/openapi/route-schema.ts)
 * by @fastify/swagger and fastify-type-provider-zod, at /api/openapi.json, and Swagger UI's
 * reference at /api/docs, served from the package's own files (no CDN; it runs under the site's
 * Content-Security-Policy). Must be installed before the routes: it learns them as they are added.
 */
export async function installOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  // A declareRoute route's schemas are its validator (gateInput, after the gate's access check);
  // a routeSchema route reads its own input (feeds and sitemaps answer 404 to a malformed query),
  // so Fastify only keeps it.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  // A route without a declaration cannot be added: the server would not start, and every test
  // would say which route it was. Pages and files say `hide: true`.
  app.addHook('onRoute', (route) => {
    if (!isDeclared(route.schema)) {
      throw new Error(`${String(route.method)} ${route.url} has no declaration: give it routeSchema({...})`);
    }
    if (isGated(route.schema)) gateInput(route, route.schema);
  });
  app.setSerializerCompiler(answerSerializer(options.checkAnswers));

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Inkwell API', version: packageJson.version, description: DESCRIPTION },
      servers: [{ url: options.publicUrl }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A sign-in token (a JWT from sign-up or sign-in) or an API key (`ink_…`).',
          },
          httpSignature: {
            type: 'apiKey',
            in: 'header',
            name: 'Signature',
            description:
              "Another server's HTTP Signature, as Mastodon signs (draft-cavage-12: `keyId`, `rsa-sha256` or `hs2019`, `(request-target) host date digest`, with `Date` and `Digest: SHA-256=`), or RFC 9421's `Signature` and `Signature-Input`.",
          },
        },
      },
    },
    transform: withBodyExamples(createJsonSchemaTransform({ skipList: [] })),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    // BaseLayout: the reference without Swagger's own top bar (its logo and a URL box). The
    // sections start closed, a table of contents a reader opens where they need: with every one
    // open, Swagger UI 5 stopped drawing after the first section once the API passed 136 operations.
    uiConfig: { deepLinking: true, docExpansion: 'none', defaultModelsExpandDepth: 0, layout: 'BaseLayout' },
    theme: { title: 'Inkwell API reference' },
    // Swagger UI sets a few styles from script (a <style> it writes at start-up): allowed on its
    // own pages only, which show nothing but the reference. Scripts stay 'self' only. The plugin
    // applies this in a hook of its own scope, so no other answer pays for it.
    transformStaticCSP: (policy) => policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
