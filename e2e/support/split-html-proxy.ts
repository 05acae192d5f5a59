import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the test server that sends one page's HTML in two parts, `pause` ms apart,
 * cut just after `cutAfter`: a slow network or a busy server, as a browser meets them. Chromium
 * paints what it has parsed while it waits, so a layout that moves when the rest arrives shows up
 * as a layout shift. Every other request passes through untouched.
 */
export async function splitHtmlProxy(
  target: string,
  page: { path: string; cutAfter: string; pause: number },
): Promise<{ origin: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const headers = { ...incoming.headers, host: upstream.host };
    // The HTML is cut as text: ask for it uncompressed.
    if (incoming.url === page.path) delete headers['accept-encoding'];
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers },
      (answer) => {
        if (incoming.url !== page.path) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const html = Buffer.concat(chunks).toString('utf8');
          const at = html.indexOf(page.cutAfter);
          if (at < 0) throw new Error(`${page.cutAfter} is not in ${page.path}`);
          const cut = at + page.cutAfter.length;
          const { 'content-length': _length, ...rest } = answer.headers;
          outgoing.writeHead(answer.statusCode ?? 502, rest);
          outgoing.write(html.slice(0, cut));
          setTimeout(() => outgoing.end(html.slice(cut)), page.pause);
        });
      },
    );
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
