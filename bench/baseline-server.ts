/**
 * The baseline: a bare node:http server that answers each recorded URL with the exact bytes and
 * content-type the real server gave for it, from memory. What it cannot beat is the cost of HTTP
 * on this machine; the ratio of Inkwell's req/s to its req/s is the cost of everything else.
 * An answer the real server compressed is compressed here once, at start, in the same encoding
 * (at its best ratio, as a precompressed file would be): the baseline pays for the bytes, never
 * for compressing them.
 *
 * Usage (run by the bench): node --import tsx bench/baseline-server.ts <routes.json>
 * Prints {"port": N} on its first line once listening.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface RecordedRoute {
  method: string;
  /**
   * Path with query string, exactly as the load generator requests it; for a write (any method
   * but GET), the path alone, answered whatever the query.
   */
  path: string;
  /** Recorded with a reader's token; the baseline answers it to requests that carry one. */
  signedIn: boolean;
  status: number;
  contentType: string;
  /** The encoding the real server answered in (br, gzip); `body` is the decoded text. */
  contentEncoding?: string;
  body: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The same path answers a visitor and a signed-in reader differently (`favorited`); a write's
 * answer does not depend on its query (the id of the post favorited).
 */
function answerKey(method: string, url: string, signedIn: boolean): string {
  const path = method === 'GET' ? url : (url.split('?')[0] ?? url);
  return `${method} ${signedIn ? 'signed-in ' : ''}${path}`;
}

function precompressed(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === undefined) return body;
  if (encoding === 'br')
    return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  if (encoding === 'gzip') return gzipSync(body, { level: 9 });
  throw new Error(`the baseline cannot answer in ${encoding}`);
}

function main(): void {
  const file = process.argv[2];
  if (!file) throw new Error('usage: baseline-server.ts <routes.json>');
  const routes = JSON.parse(readFileSync(file, 'utf8')) as RecordedRoute[];
  const answers = new Map<string, Answer>();
  for (const route of routes) {
    const body = precompressed(Buffer.from(route.body, 'utf8'), route.contentEncoding);
    answers.set(answerKey(route.method, route.path, route.signedIn), {
      status: route.status,
      headers: {
        'content-type': route.contentType,
        'content-length': String(body.length),
        ...(route.contentEncoding ? { 'content-encoding': route.contentEncoding } : {}),
      },
      body,
    });
  }
  const notFound = Buffer.from('{"message":"Not found"}');

  const server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    const answer = answers.get(
      answerKey(method, request.url ?? '', request.headers.authorization !== undefined),
    );
    const send = () => {
      if (answer) {
        response.writeHead(answer.status, answer.headers);
        response.end(answer.body);
      } else {
        response.writeHead(404, { 'content-type': 'application/json', 'content-length': notFound.length });
        response.end(notFound);
      }
    };
    if (method === 'GET') return send();
    // A write's body is read to its end before the answer, as any server must.
    request.on('end', send).resume();
  });
  // Fastify's default, so neither server closes idle load-generator connections mid-run.
  server.keepAliveTimeout = 72_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
  // server.close waits for idle keep-alive sockets; don't let it.
  process.once('SIGTERM', () => server.closeAllConnections());
}

main();
