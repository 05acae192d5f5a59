import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from './support/harness';
import { createTestDatabase, type TestDatabase } from './support/test-databases';

interface Connection {
  socket: Socket;
  /** Everything the server has sent so far. */
  received: () => string;
  closed: Promise<void>;
  isClosed: () => boolean;
}

function open(port: number): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let isClosed = false;
    const closed = new Promise<void>((done) =>
      socket.on('close', () => {
        isClosed = true;
        done();
      }),
    );
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('connect', () =>
      resolve({ socket, received: () => received, closed, isClosed: () => isClosed }),
    );
    socket.once('error', reject);
  });
}

const second = () => new Promise((resolve) => setTimeout(resolve, 1000));

/** Sends one byte a second until the server hangs up or `max` bytes went out; returns how many did. */
async function trickle(connection: Connection, bytes: string, max: number): Promise<number> {
  let sent = 0;
  while (!connection.isClosed() && sent < max) {
    connection.socket.write(bytes[sent % bytes.length] ?? 'x');
    sent += 1;
    await Promise.race([second(), connection.closed]);
  }
  return sent;
}

/**
 * The limits sit on the node:http server app.ts builds for the response cache's front door; Fastify
 * applies none of its own timeouts to a server it did not create, so only real sockets tell.
 */
describe('the HTTP server’s limits', () => {
  let app: FastifyInstance;
  let testDatabase: TestDatabase;
  let port: number;
  beforeAll(async () => {
    testDatabase = await createTestDatabase('sqlite');
    app = await buildApp({
      config: testConfig({
        http: {
          requestTimeoutMs: 2_000,
          headersTimeoutMs: 1_000,
          keepAliveTimeoutMs: 300,
          maxConnections: 4,
          shutdownGraceMs: 1_000,
        },
      }),
      database: testDatabase.database,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app.close();
    await testDatabase.dispose();
  });

  it('cuts off a client trickling a body at one byte a second, with a 408', async () => {
    const connection = await open(port);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'secret12' });
    connection.socket.write(
      'POST /api/user/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${body.length}\r\n\r\n`,
    );
    // At one byte a second the body would take 44 s; the server gives the request 2 s.
    const sent = await trickle(connection, body, 15);
    expect(connection.isClosed()).toBe(true);
    expect(sent).toBeLessThan(body.length);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off a client trickling its headers', async () => {
    const connection = await open(port);
    connection.socket.write('GET /api/post/blog/all HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const sent = await trickle(connection, 'X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 15);
    expect(connection.isClosed()).toBe(true);
    expect(sent).toBeLessThan(15);
  });

  it('closes an idle keep-alive connection after its timeout', async () => {
    const connection = await open(port);
    connection.socket.write('GET /api/post/blog/all HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    // Node's own default would keep it for 5 s.
    const closedInTime = await Promise.race([
      connection.closed.then(() => true),
      second()
        .then(second)
        .then(() => false),
    ]);
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(closedInTime).toBe(true);
  });

  it('refuses connections past the limit, and serves again once one closes', async () => {
    const held = await Promise.all([0, 1, 2, 3].map(() => open(port)));
    const extra = await open(port);
    await extra.closed;
    expect(extra.received()).toBe('');
    held[0]?.socket.destroy();
    await held[0]?.closed;
    const response = await fetch(`http://127.0.0.1:${port}/api/post/blog/all`);
    expect(response.status).toBe(200);
    held.forEach((connection) => connection.socket.destroy());
  });
});

describe('closing the app', () => {
  it('ends idle connections at once and cuts one stuck mid-request after the grace period', async () => {
    const testDatabase = await createTestDatabase('sqlite');
    const app = await buildApp({
      config: testConfig({
        // Node's own deadlines are far away, so only the drain can end the stuck connection in time.
        http: {
          requestTimeoutMs: 120_000,
          headersTimeoutMs: 120_000,
          keepAliveTimeoutMs: 120_000,
          maxConnections: 0,
          shutdownGraceMs: 300,
        },
      }),
      database: testDatabase.database,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = (app.server.address() as AddressInfo).port;
      const idle = await open(port);
      idle.socket.write('GET /api/post/blog/all HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await expect.poll(() => idle.received()).toMatch(/^HTTP\/1\.1 200/);
      const stuck = await open(port);
      stuck.socket.write('GET /api/post/blog/all HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Never-Ends: ');
      // Let the server read the partial request before closing.
      await new Promise((resolve) => setTimeout(resolve, 100));

      await app.close();
      await Promise.all([idle.closed, stuck.closed]);
      expect(stuck.received()).toBe('');
    } finally {
      await app.close();
      await testDatabase.dispose();
    }
  }, 20_000);
});
