import { Validator } from '@seriousme/openapi-schema-validator';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { UndeclaredAnswerError, answerSerializer } from '../../server/openapi/answer-serializer';
import { installOpenApi } from '../../server/plugins/openapi';
import { errorBodySchema, routeSchema } from '../../server/openapi/route-schema';
import {
  accountSchema,
  apiKeySchema,
  commentSchema,
  postSchema,
  profileSchema,
  readablePostSchema,
  webhookSchema,
} from '../../server/openapi/answers';
import {
  exampleAccount,
  exampleApiKey,
  exampleBodies,
  exampleComment,
  exampleError,
  examplePost,
  exampleProfile,
  exampleReadablePost,
  exampleWebhook,
} from '../../server/openapi/examples';
import { signInSchema, signUpSchema } from '../../contracts/auth';
import { postWriteSchema } from '../../contracts/posts';
import { commentInputSchema } from '../../contracts/comments';
import { createApiKeySchema } from '../../contracts/api-keys';
import { webhookCreateSchema } from '../../contracts/webhooks';
import { describeEachDatabase, request, signUpUser } from './support/harness';

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

describeEachDatabase('the OpenAPI reference', (ctx) => {
  const fetchDocument = async () => {
    const answer = await request<Document>(ctx, { method: 'GET', url: '/api/openapi.json' });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every endpoint with a summary, its area, who may call it, an answer and the error shape', async () => {
    const document = await fetchDocument();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.filter((method) => item[method]).map((method) => ({ path, method, operation: item[method]! })),
    );
    // The whole API, feeds and health included; never the pages, files or the reference itself.
    expect(operations.length).toBeGreaterThanOrEqual(60);
    for (const path of [
      '/api/post/blog',
      '/api/user/keys',
      '/rss.xml',
      '/sitemap.xml',
      '/readyz',
      '/media/{id}/{file}',
    ]) {
      expect(Object.keys(document.paths)).toContain(path);
    }
    for (const path of Object.keys(document.paths)) {
      expect(path).not.toMatch(/^\/api\/docs|^\/api\/openapi\.json$|\*/);
    }
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.tags?.length, where).toBe(1);
      expect(operation.security, where).toBeDefined();
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        where,
      ).toBe(true);
      expect(statuses, where).toContain('4XX');
    }
    expect(document.components.securitySchemes).toHaveProperty('bearer');
    for (const name of ['Post', 'ReadablePost', 'Comment', 'Profile', 'Error', 'ApiKey', 'Notification']) {
      expect(Object.keys(document.components.schemas)).toContain(name);
    }
  });

  it('shows examples that the declarations allow', async () => {
    const document = await fetchDocument();
    const schemas = document.components.schemas as Record<string, { examples?: unknown[] }>;
    const declared: [string, z.ZodType, unknown][] = [
      ['Post', postSchema, examplePost],
      ['ReadablePost', readablePostSchema, exampleReadablePost],
      ['Comment', commentSchema, exampleComment],
      ['Profile', profileSchema, exampleProfile],
      ['Account', accountSchema, exampleAccount],
      ['ApiKey', apiKeySchema, exampleApiKey],
      ['Webhook', webhookSchema, exampleWebhook],
      ['Error', errorBodySchema, exampleError],
    ];
    for (const [name, schema, example] of declared) {
      expect(schemas[name]?.examples, name).toEqual([example]);
      expect(schema.safeParse(example).success, name).toBe(true);
    }
    const bodies: [string, z.ZodType, unknown][] = [
      ['/api/user/signup', signUpSchema, exampleBodies.signUp],
      ['/api/user/signin', signInSchema, exampleBodies.signIn],
      ['/api/post/blog', postWriteSchema, exampleBodies.writePost],
      ['/api/post/comments', commentInputSchema, exampleBodies.comment],
      ['/api/user/keys', createApiKeySchema, exampleBodies.createApiKey],
      ['/api/webhooks', webhookCreateSchema, exampleBodies.createWebhook],
    ];
    for (const [path, schema, example] of bodies) {
      const operation = document.paths[path]?.post as unknown as {
        requestBody: { content: Record<string, { example?: unknown }> };
      };
      // @fastify/swagger lifts a body schema's example onto its media type.
      expect(operation.requestBody.content['application/json']?.example, path).toEqual(example);
      expect(schema.safeParse(example).success, path).toBe(true);
    }
  });

  it('says which routes need a token, accept one, or need a sign-in', async () => {
    const document = await fetchDocument();
    expect(document.paths['/api/post/blog']?.post?.security).toEqual([{ bearer: [] }]);
    expect(document.paths['/api/post/blog/all']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(document.paths['/api/user/signup']?.post?.security).toEqual([]);
    expect(document.paths['/api/user/keys']?.post?.description).toContain('API keys are refused');
  });

  it('serves the interactive reference from its own files, under the site policy', async () => {
    const page = await request(ctx, { method: 'GET', url: '/api/docs' });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('/api/docs/static/swagger-ui-bundle.js');
    expect(String(page.body)).toContain('<title>Inkwell API reference</title>');
    expect(String(page.body)).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.js/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // Styles written by its script are allowed there, and nowhere else.
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    const elsewhere = await request(ctx, { method: 'GET', url: '/api/post/blog/all' });
    expect(elsewhere.headers['content-security-policy']).toContain("style-src 'self';");
    const script = await request(ctx, { method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(script.status).toBe(200);
  });

  it('checks answers against the declarations in these tests', async () => {
    // An answer the declaration allows passes; signing up is checked like every other answer.
    const user = await signUpUser(ctx);
    expect(user.token).toBeTruthy();
  });
});

it('refuses to start with a route that has no declaration', async () => {
  const app = Fastify();
  await installOpenApi(app, { publicUrl: 'http://inkwell.test', checkAnswers: true });
  expect(() => app.get('/api/undeclared', async () => ({ ok: true }))).toThrow(
    'GET /api/undeclared has no declaration',
  );
  await app.close();
});

it('fails an answer that its declaration does not allow, field by field, undeclared fields included', async () => {
  const app = Fastify();
  await installOpenApi(app, { publicUrl: 'http://inkwell.test', checkAnswers: true });
  const schema = routeSchema({
    summary: 'A probe',
    tag: 'Operations',
    access: 'public',
    answers: { 200: z.strictObject({ name: z.string() }) },
  });
  let answer: unknown = { name: 'fine' };
  app.get('/probe', { schema }, async () => answer);
  expect((await app.inject('/probe')).statusCode).toBe(200);
  answer = { name: 'fine', email: 'leaked@example.com' };
  expect((await app.inject('/probe')).statusCode).toBe(500);
  answer = { name: 42 };
  expect((await app.inject('/probe')).statusCode).toBe(500);
  await app.close();

  const serialize = answerSerializer(true)({
    schema: z.strictObject({ name: z.string() }),
    method: 'GET',
    url: '/probe',
    httpStatus: '200',
  });
  expect(() => serialize({ name: 1 })).toThrow(UndeclaredAnswerError);
  // In production nothing is checked: the answer is only turned into JSON.
  const plain = answerSerializer(false)({
    schema: z.strictObject({}),
    method: 'GET',
    url: '/probe',
    httpStatus: '200',
  });
  expect(plain({ name: 1 })).toBe('{"name":1}');
});
