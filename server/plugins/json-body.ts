import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, where an empty body under `Content-Type: application/json` is no body. Many API
 * clients send that header on every call, DELETE and bodiless POSTs included (RFC 9110 §8.6: a
 * Content-Length of 0 is a body of no bytes, not malformed JSON). A route that takes no body then
 * works as without the header; a route that needs one sees `undefined` and answers the same 400
 * validation error as when the body is missing. Anything else is Fastify's own parser (with its
 * prototype-poisoning guard).
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
