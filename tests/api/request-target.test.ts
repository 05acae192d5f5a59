import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST_TARGET_MESSAGE, DUPLICATE_HOST_MESSAGE } from '../../server/lib/request-target';
import { describeEachDatabase, signUpUser } from './support/harness';
import { sourcePages, templateWebDir } from './support/pages';
import { createPost } from './support/posts';

const webDir = templateWebDir();

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` as it is over a real socket and reads the answer until the server closes: inject
 * cannot send an absolute-form request line, nor two Host headers.
 */
function send(port: number, head: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...fields] = top.split('\r\n');
      const headers: Record<string, string> = {};
      for (const field of fields) {
        const colon = field.indexOf(':');
        headers[field.slice(0, colon).toLowerCase()] = field.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

/** RFC 9112 §3.2 and §3.2.2, on the node:http server the app really listens on. */
describeEachDatabase(
  'the request target and its Host (RFC 9112 §3.2)',
  (ctx) => {
    let port: number;
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      port = (ctx.app.server.address() as AddressInfo).port;
    });

    describe('an absolute-form request line', () => {
      it('renders a page as if the path had been sent: never a 500', async () => {
        const answer = await send(port, 'GET http://inkwell.test/allblog HTTP/1.1\r\nHost: inkwell.test');
        expect(answer.status, answer.body.slice(0, 300)).toBe(200);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.body).toContain('<html');
      });

      it('takes its host for the Host header, and keeps the query', async () => {
        const author = await signUpUser(ctx);
        const post = await createPost(ctx, author, { title: 'Reached through a proxy' });
        const answer = await send(
          port,
          `GET http://inkwell.test/readblog?id=${post.id} HTTP/1.1\r\nHost: somewhere-else.example`,
        );
        expect(answer.status).toBe(200);
        expect(answer.body).toContain('Reached through a proxy');
        const api = await send(
          port,
          `GET http://inkwell.test/api/post/blog?id=${post.id} HTTP/1.1\r\nHost: inkwell.test`,
        );
        expect(api.status).toBe(200);
        expect(JSON.parse(api.body)).toMatchObject({ response: { id: post.id } });
        const bare = await send(port, 'GET http://inkwell.test HTTP/1.1\r\nHost: inkwell.test');
        expect(bare.status).toBe(200);
      });

      it('answers 400 in JSON for a target that is neither a path nor an http(s) address', async () => {
        for (const line of [
          'GET ftp://inkwell.test/allblog HTTP/1.1',
          'GET http://user@inkwell.test/ HTTP/1.1',
        ]) {
          const answer = await send(port, `${line}\r\nHost: inkwell.test`);
          expect(answer.status, line).toBe(400);
          expect(answer.headers['content-type']).toMatch(/^application\/json/);
          expect(JSON.parse(answer.body)).toEqual({ message: BAD_REQUEST_TARGET_MESSAGE });
        }
      });
    });

    describe('Host headers', () => {
      it('answers 400 in JSON to two Host headers, whichever comes first', async () => {
        for (const hosts of [
          'Host: inkwell.test\r\nHost: evil.example',
          'host: evil.example\r\nHOST: inkwell.test',
        ]) {
          for (const target of ['/allblog', '/api/post/blog/all']) {
            const answer = await send(port, `GET ${target} HTTP/1.1\r\n${hosts}`);
            expect(answer.status, `${target} ${hosts}`).toBe(400);
            expect(answer.headers['content-type']).toMatch(/^application\/json/);
            expect(answer.headers['x-request-id']).toBeDefined();
            expect(JSON.parse(answer.body)).toEqual({ message: DUPLICATE_HOST_MESSAGE });
          }
        }
      });

      it('serves one Host header as before', async () => {
        const answer = await send(port, 'GET /api/post/blog/all HTTP/1.1\r\nHost: inkwell.test');
        expect(answer.status).toBe(200);
      });
    });
  },
  { config: { webDir }, pages: sourcePages },
);
